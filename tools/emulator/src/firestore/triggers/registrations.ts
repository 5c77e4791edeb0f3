import { HttpError } from '../../common/http';
import { compilePattern, type DocumentPattern } from './patterns';

/** The 2nd-gen event types Google's emulator accepts (its error lists exactly these). */
export const CLOUD_EVENT_TYPES = [
  'google.cloud.firestore.document.v1.created',
  'google.cloud.firestore.document.v1.deleted',
  'google.cloud.firestore.document.v1.updated',
  'google.cloud.firestore.document.v1.written',
  'google.cloud.firestore.document.v1.created.withAuthContext',
  'google.cloud.firestore.document.v1.deleted.withAuthContext',
  'google.cloud.firestore.document.v1.updated.withAuthContext',
  'google.cloud.firestore.document.v1.written.withAuthContext',
] as const;

/** The 1st-gen event types (`providers/cloud.firestore/eventTypes/document.<change>`). */
const LEGACY_PREFIX = 'providers/cloud.firestore/eventTypes/document.';
const LEGACY_CHANGES = ['create', 'update', 'delete', 'write'] as const;

/** What happened to one document in one commit. */
export type DocumentChange = 'created' | 'updated' | 'deleted';

/** A trigger as the Functions emulator registered it, ready to match documents. */
export interface Registration {
  /** `cloudevent`: 2nd gen (CloudEvents, protobuf data); `legacy`: 1st gen (JSON). */
  signature: 'cloudevent' | 'legacy';
  eventType: string;
  /** The database id, `(default)` for the product's. */
  database: string;
  namespace: string;
  pattern: DocumentPattern;
  /** True when this trigger fires for `change`. */
  firesOn(change: DocumentChange): boolean;
  /** The body the registration endpoint answers with. */
  reply: unknown;
}

function fieldOf(body: unknown, key: string): unknown {
  return body !== null && typeof body === 'object'
    ? (body as Record<string, unknown>)[key]
    : undefined;
}

function refuse(message: string): never {
  throw new HttpError(400, 'INVALID_ARGUMENT', message);
}

/** `created.withAuthContext` fires on creates, `written` on every change. */
function firesFor(kind: string): (change: DocumentChange) => boolean {
  if (kind === 'written' || kind === 'write') return () => true;
  const wanted = {
    created: 'created',
    create: 'created',
    updated: 'updated',
    update: 'updated',
    deleted: 'deleted',
    delete: 'deleted',
  }[kind];
  return (change) => change === wanted;
}

/**
 * `POST …/eventarcTrigger?eventarcTriggerId=` body: `{eventType, database, namespace,
 * document: {value, matchType: 'EXACT' | 'PATH_PATTERN'}}`.
 */
export function parseCloudEventRegistration(body: unknown): Registration {
  const eventType = fieldOf(body, 'eventType');
  if (
    typeof eventType !== 'string' ||
    !(CLOUD_EVENT_TYPES as readonly string[]).includes(eventType)
  ) {
    refuse(
      `Unsupported eventType: ${String(eventType ?? '')}; Supported ones: [${CLOUD_EVENT_TYPES.join(', ')}]`,
    );
  }
  const database = fieldOf(body, 'database') ?? '(default)';
  const namespace = fieldOf(body, 'namespace') ?? '(default)';
  const document = fieldOf(body, 'document');
  const value = fieldOf(document, 'value');
  const matchType = fieldOf(document, 'matchType') ?? 'EXACT';
  if (typeof database !== 'string' || typeof namespace !== 'string')
    refuse('database and namespace must be strings.');
  if (matchType !== 'EXACT' && matchType !== 'PATH_PATTERN')
    refuse(`Unsupported matchType: ${String(matchType)}`);
  const pattern = typeof value === 'string' ? compilePattern(value, matchType === 'EXACT') : null;
  if (pattern === null) refuse('document.value must be a document path.');
  const kind = eventType.split('.')[5]!;
  return {
    signature: 'cloudevent',
    eventType,
    database,
    namespace,
    pattern,
    firesOn: firesFor(kind),
    reply: { eventType, database, namespace, document: { value, matchType } },
  };
}

const LEGACY_RESOURCE = /^projects\/[^/]+\/databases\/([^/]+)\/documents\/(.+)$/;

/**
 * `PUT …/triggers/{key}` body: `{eventTrigger: {eventType, resource, service}}`, the resource
 * `projects/{p}/databases/{d}/documents/<pattern>`.
 */
export function parseLegacyRegistration(body: unknown): Registration {
  const trigger = fieldOf(body, 'eventTrigger');
  const eventType = fieldOf(trigger, 'eventType');
  const resource = fieldOf(trigger, 'resource');
  const change =
    typeof eventType === 'string' && eventType.startsWith(LEGACY_PREFIX)
      ? eventType.slice(LEGACY_PREFIX.length)
      : '';
  if (!(LEGACY_CHANGES as readonly string[]).includes(change)) {
    refuse(`Unsupported eventType: ${String(eventType ?? '')}`);
  }
  const parsed = typeof resource === 'string' ? LEGACY_RESOURCE.exec(resource) : null;
  const pattern = parsed ? compilePattern(parsed[2]!, false) : null;
  if (parsed === null || pattern === null) refuse(`Invalid resource: ${String(resource ?? '')}`);
  return {
    signature: 'legacy',
    eventType: eventType as string,
    database: parsed[1]!,
    namespace: '(default)',
    pattern,
    firesOn: firesFor(change),
    reply: {},
  };
}

/**
 * The triggers of every project, by the key the Functions emulator delivers to. Registering a key
 * again replaces it (the Functions emulator registers every trigger again when it starts and when
 * a function's definition changes), keeping its place in the order triggers fire in.
 */
export class TriggerRegistry {
  private readonly byProject = new Map<string, Map<string, Registration>>();

  register(projectId: string, key: string, registration: Registration): void {
    let triggers = this.byProject.get(projectId);
    if (!triggers) this.byProject.set(projectId, (triggers = new Map()));
    triggers.set(key, registration);
  }

  /** Forgets the project's triggers: its writes make no deliveries until they are registered again. */
  clear(projectId: string): void {
    this.byProject.delete(projectId);
  }

  /** The project's triggers in the order they were first registered. */
  of(projectId: string): ReadonlyMap<string, Registration> {
    return this.byProject.get(projectId) ?? new Map();
  }

  get size(): number {
    let n = 0;
    for (const triggers of this.byProject.values()) n += triggers.size;
    return n;
  }
}
