import { freePort } from 'build-config/free-port.cjs';
import {
  startGoogleFirestore,
  type RunningGoogleFirestore,
} from '../../src/reference/googleFirestore';
import { startEmulator, type RunningEmulator } from '../../src/index';
import { referenceInstall } from './reference';

/**
 * Jest global setup of `jest.google.config.cjs`: Google's Cloud Firestore emulator for Firestore
 * and this emulator for Storage, both on free ports, named to the suites through the variables of
 * the harness's external mode. Without Google's emulator on a developer's machine the run ends
 * here, saying why (`referenceInstall`); under CI=true that fails instead.
 */
interface Running {
  firestore: RunningGoogleFirestore;
  storage: RunningEmulator;
}
const slot = globalThis as typeof globalThis & { onGoogleFirestore?: Running };

export async function setup(): Promise<void> {
  const install = referenceInstall();
  if (!install) process.exit(0);
  const storage = await startEmulator({
    projectId: 'demo-test',
    firestorePort: 0,
    storagePort: 0,
    dataDir: null,
    watchRules: false,
    log: () => undefined,
  });
  const port = await freePort();
  const firestore = await startGoogleFirestore({
    projectId: 'demo-test',
    port,
    dataDir: null,
    install,
  });
  slot.onGoogleFirestore = { firestore, storage };
  process.env['FIRESTORE_EMULATOR_HOST'] = `127.0.0.1:${firestore.port}`;
  process.env['FIREBASE_STORAGE_EMULATOR_HOST'] = `127.0.0.1:${storage.storagePort}`;
  // The trigger suites start Google's emulator themselves (it takes the Functions emulator's
  // address only at start); this names the backend to them, as the scripts' switch does.
  process.env['FIRESTORE_BACKEND'] = 'google';
}

export async function teardown(): Promise<void> {
  const running = slot.onGoogleFirestore;
  await Promise.all([running?.firestore.stop(), running?.storage.stop()]);
}
