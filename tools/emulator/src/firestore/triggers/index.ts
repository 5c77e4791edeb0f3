export {
  DEFAULT_RETRY,
  DeliveryQueue,
  FUNCTION_DELIVERY_CONCURRENCY,
  type RetryPolicy,
} from './delivery';
export { TriggerDispatcher, type TriggerOptions } from './dispatcher';
export type { Delivery } from './events';
export { Outbox } from './outbox';
export {
  TriggerRegistry,
  parseCloudEventRegistration,
  parseLegacyRegistration,
  type Registration,
} from './registrations';
