export { DEFAULT_RETRY, DeliveryQueue, type RetryPolicy } from './delivery';
export { TriggerDispatcher, type TriggerOptions } from './dispatcher';
export type { Delivery } from './events';
export { Outbox } from './outbox';
export {
  TriggerRegistry,
  parseCloudEventRegistration,
  parseLegacyRegistration,
  type Registration,
} from './registrations';
