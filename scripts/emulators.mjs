// `npm run emulators`: the local backend alone, data kept under .data/ (EMULATOR_DATA_DIR to move it).
// `npm run emulators -- --firestore=google` (or FIRESTORE_BACKEND=google) runs Google's Firestore
// emulator for Firestore; Storage stays on the project's emulator, Auth on firebase-tools.
import path from 'node:path';
import { ROOT, describeFailure, localBackendOptions, startBackend } from './lib/backend.mjs';
import { firestoreBackendFrom } from './lib/firestore-backend.mjs';

const local = localBackendOptions();
const { dataDir } = local;
let backend;
try {
  backend = await startBackend({
    firestore: firestoreBackendFrom(),
    ...local,
  });
} catch (error) {
  console.error(describeFailure(error));
  process.exit(1);
}
console.log(
  `\nBackend ready (Firestore: ${backend.firestoreBackend}; data in ${path.relative(ROOT, dataDir) || '.'}): auth ${backend.authUrl}, firestore ${backend.firestoreUrl}, storage ${backend.storageUrl}. Ctrl-C stops it.`,
);
const shutdown = () => backend.stop().then(() => process.exit(0));
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
