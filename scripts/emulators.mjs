// `npm run emulators`: the local backend alone, data kept under .data/ (EMULATOR_DATA_DIR to move it).
// `npm run emulators -- --firestore=google` (or FIRESTORE_BACKEND=google) runs Google's Firestore
// emulator for Firestore; Storage stays on the project's emulator, Auth on firebase-tools.
import path from 'node:path';
import { LOCAL_BACKEND } from 'tooling/runtime-config.cjs';
import { ROOT, describeFailure, startBackend } from './lib/backend.mjs';
import { firestoreBackendFrom } from './lib/firestore-backend.mjs';

const dataDir = path.resolve(ROOT, process.env.EMULATOR_DATA_DIR || '.data');
let backend;
try {
  backend = await startBackend({
    firestore: firestoreBackendFrom(),
    projectId: LOCAL_BACKEND.projectId,
    ports: {
      auth: LOCAL_BACKEND.authPort,
      firestore: LOCAL_BACKEND.firestorePort,
      storage: LOCAL_BACKEND.storagePort,
    },
    dataDir,
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
