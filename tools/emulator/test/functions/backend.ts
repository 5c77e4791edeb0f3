import { generateKeyPairSync } from 'node:crypto';
import { freePort } from 'build-config/free-port.cjs';
import { cert, deleteApp, initializeApp, type App, type Credential } from 'firebase-admin/app';
import { initializeFirestore, type Firestore } from 'firebase-admin/firestore';
import { startEmulator, type RunningEmulator } from '../../src/index';
import {
  startGoogleFirestore,
  type RunningGoogleFirestore,
} from '../../src/reference/googleFirestore';
import type { RetryPolicy } from '../../src/firestore/triggers';
import { referenceInstall } from '../harness/reference';

/**
 * The Firestore the trigger suites run against: this emulator (in-process), or Google's Cloud
 * Firestore emulator under `jest -c jest.google.config.cjs`, whose global setup sets
 * FIRESTORE_BACKEND=google. Each suite starts its own, because Google's emulator takes the
 * Functions emulator's address only at start (`--functions_emulator`).
 */
export type FirestoreBackendName = 'emulator' | 'google';

export const BACKEND: FirestoreBackendName =
  process.env['FIRESTORE_BACKEND'] === 'google' ? 'google' : 'emulator';

export interface TriggerFirestore {
  name: FirestoreBackendName;
  projectId: string;
  host: string;
  port: number;
  url: string;
  /** This emulator in-process (on Google's backend it serves Storage only, as npm start runs it). */
  emulator: RunningEmulator;
  /** Google's emulator, or null on this one. */
  google: RunningGoogleFirestore | null;
  storagePort: number;
  stop(): Promise<void>;
}

export async function startTriggerFirestore(options: {
  projectId: string;
  /** `host:port` events go to. */
  functionsEmulator: string;
  retry?: Partial<RetryPolicy>;
}): Promise<TriggerFirestore> {
  const emulator = await startEmulator({
    projectId: options.projectId,
    firestorePort: 0,
    storagePort: 0,
    dataDir: null,
    watchRules: false,
    log: () => undefined,
    ...(BACKEND === 'emulator' ? { functionsEmulator: options.functionsEmulator } : {}),
    ...(options.retry ? { triggerRetry: options.retry } : {}),
  });
  if (BACKEND === 'google') {
    const install = referenceInstall();
    if (!install) {
      await emulator.stop();
      throw new Error("Google's Cloud Firestore emulator is not installed");
    }
    const port = await freePort();
    const google: RunningGoogleFirestore = await startGoogleFirestore({
      projectId: options.projectId,
      port,
      dataDir: null,
      install,
      functionsEmulator: options.functionsEmulator,
    });
    return {
      name: 'google',
      projectId: options.projectId,
      host: '127.0.0.1',
      port,
      url: google.url,
      emulator,
      google,
      storagePort: emulator.storagePort,
      stop: async () => {
        await Promise.all([google.stop(), emulator.stop()]);
      },
    };
  }
  return {
    name: 'emulator',
    projectId: options.projectId,
    host: '127.0.0.1',
    port: emulator.firestorePort,
    url: `http://127.0.0.1:${emulator.firestorePort}`,
    emulator,
    google: null,
    storagePort: emulator.storagePort,
    stop: () => emulator.stop(),
  };
}

/** A REST commit as the admin (`Bearer owner`): its commit time. */
export async function commit(
  firestore: TriggerFirestore,
  writes: unknown[],
): Promise<{ commitTime: string; writeResults: Array<{ updateTime?: string }> }> {
  const database = `projects/${firestore.projectId}/databases/(default)`;
  const response = await fetch(`${firestore.url}/v1/${database}/documents:commit`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
    body: JSON.stringify({ writes }),
  });
  const body = (await response.json()) as {
    commitTime: string;
    writeResults: Array<{ updateTime?: string }>;
  };
  if (!response.ok) throw new Error(`commit failed: ${response.status} ${JSON.stringify(body)}`);
  return body;
}

/** `projects/{p}/databases/(default)/documents/{path}` */
export function documentName(firestore: TriggerFirestore, path: string): string {
  return `projects/${firestore.projectId}/databases/(default)/documents/${path}`;
}

/** The documents of a collection, as plain values (REST `runQuery` as the admin). */
export async function readCollection(
  firestore: TriggerFirestore,
  collectionId: string,
): Promise<Array<{ id: string; data: Record<string, unknown> }>> {
  const parent = `projects/${firestore.projectId}/databases/(default)/documents`;
  const response = await fetch(`${firestore.url}/v1/${parent}:runQuery`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
    body: JSON.stringify({ structuredQuery: { from: [{ collectionId }] } }),
  });
  if (!response.ok) throw new Error(`runQuery failed: ${response.status} ${await response.text()}`);
  const rows = (await response.json()) as Array<{
    document?: { name: string; fields?: Record<string, WireValue> };
  }>;
  return rows.flatMap((row) =>
    row.document
      ? [{ id: row.document.name.split('/').pop()!, data: plainFields(row.document.fields ?? {}) }]
      : [],
  );
}

type WireValue = Record<string, unknown>;

function plainFields(fields: Record<string, WireValue>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, plain(value)]));
}

/** A wire value as JSON: numbers for integers and doubles, text for timestamps. */
function plain(value: WireValue): unknown {
  if ('nullValue' in value) return null;
  if ('booleanValue' in value) return value['booleanValue'];
  if ('integerValue' in value) return Number(value['integerValue']);
  if ('doubleValue' in value) return Number(value['doubleValue']);
  if ('stringValue' in value) return value['stringValue'];
  if ('timestampValue' in value) return value['timestampValue'];
  if ('arrayValue' in value) {
    const values = (value['arrayValue'] as { values?: WireValue[] }).values ?? [];
    return values.map(plain);
  }
  if ('mapValue' in value) {
    return plainFields((value['mapValue'] as { fields?: Record<string, WireValue> }).fields ?? {});
  }
  return value;
}

/**
 * A service account credential with a throwaway key, as the Functions emulator's host gives a
 * function's process (src/functions/host.ts): the emulators check no signature, and no real
 * credential is looked up.
 */
export function throwawayCredential(projectId: string): Credential {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return cert({
    projectId,
    clientEmail: `local@${projectId}.iam.gserviceaccount.com`,
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  });
}

/**
 * The Admin SDK's Firestore on `firestore`, configured as the Functions emulator configures it:
 * REST, and the emulator's address from the environment. `name` keeps suites' apps apart.
 */
export function adminFirestoreOn(
  firestore: TriggerFirestore,
  name: string,
): { app: App; db: Firestore } {
  process.env['FIRESTORE_EMULATOR_HOST'] = `127.0.0.1:${firestore.port}`;
  const app = initializeApp(
    { projectId: firestore.projectId, credential: throwawayCredential(firestore.projectId) },
    name,
  );
  return { app, db: initializeFirestore(app, { preferRest: true }) };
}

/**
 * A suite that calls the functions' code directly, with the Admin SDK and no Functions emulator:
 * a Firestore (this emulator, or Google's under jest.google.config.cjs) started before the suite
 * and stopped after it. Returns the Admin SDK's Firestore on it, readable once the suite started.
 */
export function adminFirestoreForSuite(projectId: string, name: string): () => Firestore {
  let firestore: TriggerFirestore | undefined;
  let admin: { app: App; db: Firestore } | undefined;
  beforeAll(async () => {
    // The functions' code is called directly: the Functions emulator's address is never used.
    firestore = await startTriggerFirestore({
      projectId,
      functionsEmulator: `127.0.0.1:${await freePort()}`,
    });
    admin = adminFirestoreOn(firestore, name);
  }, 120_000);
  afterAll(async () => {
    if (admin) await deleteApp(admin.app);
    await firestore?.stop();
  });
  return () => {
    if (!admin) throw new Error('the suite has not started its Firestore');
    return admin.db;
  };
}
