// `npm run emulators`: the local backend alone, data kept under .data/ (EMULATOR_DATA_DIR to move it).
// `npm run emulators -- --firestore=google` (or FIRESTORE_BACKEND=google) runs Google's Firestore
// emulator for Firestore; Storage stays on the project's emulator, Auth on firebase-tools.
// Ports: AUTH_EMULATOR_PORT, FIRESTORE_EMULATOR_PORT, STORAGE_EMULATOR_PORT move them.
import { describeFailure } from './lib/backend.mjs';
import { stopWhenOrphaned } from './lib/children.mjs';
import { startLocalBackend } from './lib/local-backend.mjs';

let backend;
try {
  backend = await startLocalBackend();
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
stopWhenOrphaned(shutdown);
