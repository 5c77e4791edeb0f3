import { freePort } from 'tooling/free-port.cjs';
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
  /** This emulator in-process (null on Google's). */
  emulator: RunningEmulator | null;
  stop(): Promise<void>;
}

export async function startTriggerFirestore(options: {
  projectId: string;
  /** `host:port` events go to. */
  functionsEmulator: string;
  retry?: Partial<RetryPolicy>;
}): Promise<TriggerFirestore> {
  if (BACKEND === 'google') {
    const install = referenceInstall();
    if (!install) throw new Error("Google's Cloud Firestore emulator is not installed");
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
      emulator: null,
      stop: () => google.stop(),
    };
  }
  const emulator = await startEmulator({
    projectId: options.projectId,
    firestorePort: 0,
    storagePort: 0,
    dataDir: null,
    watchRules: false,
    log: () => undefined,
    functionsEmulator: options.functionsEmulator,
    ...(options.retry ? { triggerRetry: options.retry } : {}),
  });
  return {
    name: 'emulator',
    projectId: options.projectId,
    host: '127.0.0.1',
    port: emulator.firestorePort,
    url: `http://127.0.0.1:${emulator.firestorePort}`,
    emulator,
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
