import path from 'node:path';
import type { FirestoreEngine } from '../engine';
import { DeliveryQueue, FUNCTION_DELIVERY_CONCURRENCY, type RetryPolicy } from './delivery';
import { deliveriesFor } from './events';
import { Outbox } from './outbox';
import type { TriggerRegistry } from './registrations';

export interface TriggerOptions {
  /** `host:port` of the Functions emulator events are delivered to; none: triggers never fire. */
  functionsEmulator: string | null;
  /** Pending deliveries are kept under `<dataDir>/triggers/`; null keeps them in memory. */
  dataDir: string | null;
  retry?: Partial<RetryPolicy>;
  log: (line: string) => void;
}

/**
 * Cloud Functions triggers on this emulator's Firestore: the triggers the Functions emulator
 * registers, and the events each commit makes for them, delivered at least once.
 */
export class TriggerDispatcher {
  private readonly queue: DeliveryQueue | null;
  private readonly unsubscribe: () => void;

  /** Events of commits from now on, for the triggers in `registry`. */
  constructor(
    engine: FirestoreEngine,
    readonly registry: TriggerRegistry,
    options: TriggerOptions,
  ) {
    const outboxDir = options.dataDir && path.join(options.dataDir, 'triggers');
    this.queue = options.functionsEmulator
      ? new DeliveryQueue({
          target: options.functionsEmulator,
          outbox: Outbox.open(outboxDir),
          retry: options.retry,
          concurrency: FUNCTION_DELIVERY_CONCURRENCY,
          log: options.log,
        })
      : null;
    this.unsubscribe = engine.onCommit((event) => {
      if (this.queue === null || this.registry.size === 0) return;
      const deliveries = deliveriesFor(event, this.registry);
      if (deliveries.length > 0) this.queue.enqueue(deliveries);
    });
  }

  /** Resolves once every event made so far is delivered or given up (tests). */
  idle(): Promise<void> {
    return this.queue?.idle() ?? Promise.resolve();
  }

  async close(): Promise<void> {
    this.unsubscribe();
    await this.queue?.close();
  }
}
