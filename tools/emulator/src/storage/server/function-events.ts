import { randomUUID } from 'node:crypto';
import type { Delivery } from '../../firestore/triggers';
import type { ObjectMetadata } from '../store';
import { toObjectResource } from './metadata';

/** What happened to an object, as firebase-tools' Storage emulator names it. */
export type StorageAction = 'finalize' | 'delete' | 'metadataUpdate';

/** The 2nd-gen (CloudEvent) name of each action. */
const CLOUD_EVENT_ACTION: Record<StorageAction, string> = {
  finalize: 'finalized',
  delete: 'deleted',
  metadataUpdate: 'metadataUpdated',
};

/** Where deliveries go: the at-least-once queue to the Functions emulator (firestore/triggers). */
export interface DeliverySink {
  enqueue(deliveries: readonly Delivery[]): void;
}

/**
 * Cloud Functions Storage triggers, sent the way firebase-tools' Storage emulator sends them
 * (`lib/emulator/storage/cloudFunctions.js`): for every finalized, deleted or re-described object,
 * two POSTs to the Functions emulator's `/functions/projects/{project}/trigger_multicast`, which
 * hands each to the functions registered for its type and bucket: a 1st-gen event (JSON, type
 * `google.storage.object.<action>`) and a CloudEvent in structured mode (`application/
 * cloudevents+json`, type `google.cloud.storage.object.v1.<finalized|deleted|metadataUpdated>`),
 * both carrying the object resource. Unlike firebase-tools' emulator, which posts once and only
 * logs a failure, they go through the queue the Firestore triggers use: kept in an outbox and sent
 * again until the Functions emulator takes them. Its answer comes before the functions run (it
 * acknowledges a multicast at once), so a function that throws is not retried here.
 */
export class StorageFunctionEvents {
  private constructor(
    private readonly projectId: string,
    private readonly sink: DeliverySink | null,
  ) {}

  /** Events for the Functions emulator behind `sink`. */
  static to(projectId: string, sink: DeliverySink): StorageFunctionEvents {
    return new StorageFunctionEvents(projectId, sink);
  }

  /** No Functions emulator: nothing is sent. */
  static none(): StorageFunctionEvents {
    return new StorageFunctionEvents('', null);
  }

  /** `meta` was stored (`finalize`), deleted, or had its metadata changed. */
  emit(action: StorageAction, meta: ObjectMetadata): void {
    if (this.sink === null) return;
    const data = { ...toObjectResource(meta), timeStorageClassUpdated: meta.timeCreated };
    const path = `/functions/projects/${this.projectId}/trigger_multicast`;
    const now = Date.now();
    const legacyId = randomUUID();
    const cloudEventId = randomUUID();
    const legacy = {
      eventId: legacyId,
      timestamp: new Date(now).toISOString(),
      eventType: `google.storage.object.${action}`,
      resource: {
        service: 'storage.googleapis.com',
        name: `projects/_/buckets/${meta.bucket}/objects/${meta.name}`,
        type: 'storage#object',
      },
      data,
    };
    const cloudEvent = {
      specversion: '1.0',
      id: cloudEventId,
      type: `google.cloud.storage.object.v1.${CLOUD_EVENT_ACTION[action]}`,
      source: `//storage.googleapis.com/projects/_/buckets/${meta.bucket}/objects/${meta.name}`,
      time: meta.updated,
      data,
    };
    this.sink.enqueue([
      {
        id: legacyId,
        path,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(legacy),
        createdAt: now,
      },
      {
        id: cloudEventId,
        path,
        headers: { 'content-type': 'application/cloudevents+json; charset=UTF-8' },
        body: JSON.stringify(cloudEvent),
        createdAt: now,
      },
    ]);
  }
}
