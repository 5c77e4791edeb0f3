import { freePort } from 'build-config/free-port.cjs';
import {
  startGoogleFirestore,
  type RunningGoogleFirestore,
} from '../../src/reference/googleFirestore';
import { referenceInstall } from './reference';

/**
 * Jest global setup of `jest.google.config.cjs`: Google's Cloud Firestore emulator on a free port,
 * named to the suites through the harness's external mode. Storage is this emulator's, started by
 * each stack for itself (the harness does so when only FIRESTORE_EMULATOR_HOST is set): a shared
 * one would let one file's rules or reset reach another's running tests. Without Google's emulator on a developer's machine the run ends
 * here, saying why (`referenceInstall`); under CI=true that fails instead.
 */
interface Running {
  firestore: RunningGoogleFirestore;
}
const slot = globalThis as typeof globalThis & { onGoogleFirestore?: Running };

export async function setup(): Promise<void> {
  const install = referenceInstall();
  if (!install) process.exit(0);
  const port = await freePort();
  const firestore = await startGoogleFirestore({
    projectId: 'demo-test',
    port,
    dataDir: null,
    install,
  });
  slot.onGoogleFirestore = { firestore };
  process.env['FIRESTORE_EMULATOR_HOST'] = `127.0.0.1:${firestore.port}`;
  // The trigger suites start Google's emulator themselves (it takes the Functions emulator's
  // address only at start); this names the backend to them, as the scripts' switch does.
  process.env['FIRESTORE_BACKEND'] = 'google';
}

export async function teardown(): Promise<void> {
  const running = slot.onGoogleFirestore;
  await running?.firestore.stop();
}
