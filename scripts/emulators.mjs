// `npm run emulators`: the local backend alone, data kept under .data/ (EMULATOR_DATA_DIR to move it).
import path from 'node:path';
import { LOCAL_BACKEND } from '../tooling/runtime-config.cjs';
import { ROOT, startBackend } from './lib/backend.mjs';

const dataDir = path.resolve(ROOT, process.env.EMULATOR_DATA_DIR || '.data');
const backend = await startBackend({
  projectId: LOCAL_BACKEND.projectId,
  ports: {
    auth: LOCAL_BACKEND.authPort,
    firestore: LOCAL_BACKEND.firestorePort,
    storage: LOCAL_BACKEND.storagePort,
  },
  dataDir,
});
console.log(
  `\nBackend ready (data in ${path.relative(ROOT, dataDir) || '.'}): auth ${backend.authUrl}, firestore ${backend.firestoreUrl}, storage ${backend.storageUrl}. Ctrl-C stops it.`,
);
const shutdown = () => backend.stop().then(() => process.exit(0));
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
