import { randomUUID } from 'node:crypto';
import type { ChangeEvent, StoredDocument } from '../engine';
import { documentEventData, legacyEventBody } from './payload';
import type { DocumentChange, Registration, TriggerRegistry } from './registrations';

/** One HTTP request to the Functions emulator: an event for one trigger. */
export interface Delivery {
  /** The event's id (CloudEvent `ce-id`, 1st-gen `context.eventId`): the same on every attempt. */
  id: string;
  /** `/functions/projects/{project}/triggers/{key}` */
  path: string;
  headers: Record<string, string>;
  body: string;
  /** Milliseconds since the epoch when the event was made (retries stop some time after). */
  createdAt: number;
}

const DOCUMENT_NAME = /^projects\/([^/]+)\/databases\/([^/]+)\/documents\/(.+)$/;
const DATA_SCHEMA =
  'https://github.com/googleapis/google-cloudevents/blob/main/proto/google/events/cloud/firestore/v1/data.proto';
/** What Google's emulator says of every caller of a `withAuthContext` trigger. */
const EMULATOR_AUTH = { type: 'unknown', id: 'fake-auth-id@gmail.com' };
/** The location Google's emulator reports. */
const LOCATION = 'us-central1';

function changeOf(before: StoredDocument | null, after: StoredDocument | null): DocumentChange {
  if (before === null) return 'created';
  return after === null ? 'deleted' : 'updated';
}

/**
 * The deliveries one commit makes, in Google's emulator's order: the commit's documents in the
 * order they were first written, and for each, its project's triggers in registration order. A
 * document written several times in one commit is one change (its state before the commit against
 * its state after); a write that changes nothing makes none (the engine reports no change for it),
 * as production documents: "a no-op write does not generate an update or write event".
 */
export function deliveriesFor(event: ChangeEvent, registry: TriggerRegistry): Delivery[] {
  const deliveries: Delivery[] = [];
  const createdAt = Date.now();
  for (const { name, before, after } of event.changes) {
    const parsed = DOCUMENT_NAME.exec(name);
    if (!parsed) continue;
    const [, project, database, path] = parsed as unknown as [string, string, string, string];
    const change = changeOf(before, after);
    for (const [key, registration] of registry.of(project)) {
      if (registration.database !== database || !registration.firesOn(change)) continue;
      if (registration.pattern.match(path) === null) continue;
      const target = { project, database, path, key, time: event.readTime, before, after };
      deliveries.push({ ...build(registration, target), createdAt });
    }
  }
  return deliveries;
}

interface Target {
  project: string;
  database: string;
  path: string;
  key: string;
  time: string;
  before: StoredDocument | null;
  after: StoredDocument | null;
}

function build(registration: Registration, target: Target): Omit<Delivery, 'createdAt'> {
  const id = randomUUID();
  const path = `/functions/projects/${target.project}/triggers/${target.key}`;
  if (registration.signature === 'legacy') {
    return {
      id,
      path,
      headers: { 'Content-Type': 'application/json' },
      body: legacyEventBody({
        eventId: id,
        eventType: registration.eventType,
        timestamp: target.time,
        resource: `projects/${target.project}/databases/${target.database}/documents/${target.path}`,
        before: target.before,
        after: target.after,
      }),
    };
  }
  const headers: Record<string, string> = {
    'ce-specversion': '1.0',
    'ce-type': registration.eventType,
    'ce-source': `//firestore.googleapis.com/projects/${target.project}/databases/${target.database}`,
    'ce-id': id,
    'ce-subject': `documents/${target.path}`,
    'ce-time': target.time,
    'ce-datacontenttype': 'application/protobuf',
    'ce-dataschema': DATA_SCHEMA,
    'ce-location': LOCATION,
    'ce-project': target.project,
    'ce-database': target.database,
    'ce-namespace': registration.namespace,
    'ce-document': target.path,
    ...(registration.eventType.endsWith('.withAuthContext')
      ? { 'ce-authtype': EMULATOR_AUTH.type, 'ce-authid': EMULATOR_AUTH.id }
      : {}),
    // The Functions emulator takes a protobuf body as base64 text and decodes it.
    'Content-Type': 'application/protobuf',
  };
  const data = documentEventData(target.before, target.after);
  return { id, path, headers, body: Buffer.from(data).toString('base64') };
}
