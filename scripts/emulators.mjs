// `npm run emulators`: the local backend alone, data kept under .data/ (EMULATOR_DATA_DIR to move it).
// `npm run emulators -- --firestore=google` (or FIRESTORE_BACKEND=google) runs Google's Firestore
// emulator for Firestore; Storage stays on the project's emulator, Auth on firebase-tools.
// Ports: AUTH_EMULATOR_PORT, FIRESTORE_EMULATOR_PORT, STORAGE_EMULATOR_PORT move them.
import {
  ROOT,
  backendPortChecks,
  describeFailure,
  localBackendOptions,
  startBackend,
} from './lib/backend.mjs';
import { firestoreBackendFrom } from './lib/firestore-backend.mjs';
import { checkDataDirFree, checkPortsFree } from './lib/preflight.mjs';
import { readyLine, shownPath } from './lib/status.mjs';

let backend;
try {
  const local = localBackendOptions();
  const firestore = firestoreBackendFrom();
  await checkPortsFree(backendPortChecks(local.ports));
  checkDataDirFree(local.dataDir);
  console.log(
    `Starting the local backend (Firestore: ${firestore}; data in ${shownPath(ROOT, local.dataDir)})…`,
  );
  backend = await startBackend({
    firestore,
    ...local,
    quiet: true,
    onReady: (service, url) => console.log(readyLine(service, url)),
  });
} catch (error) {
  console.error(describeFailure(error));
  process.exit(1);
}
console.log('Backend ready. Ctrl-C stops it.');
const shutdown = () => {
  console.log('\nStopping…');
  return backend.stop().then(() => process.exit(0));
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
