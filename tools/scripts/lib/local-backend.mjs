// The backend of `npm start` and `npm run emulators`: fixed ports, data under .data/, checked
// before anything starts, saying each service as it answers.
import {
  ROOT,
  backendPortChecks,
  ensureEmulatorBuilt,
  functionsCodebasesOf,
  localBackendOptions,
  startBackend,
} from './backend.mjs';
import { firestoreBackendFrom } from './firestore-backend.mjs';
import { checkDataDirFree, checkPortsFree } from './preflight.mjs';
import { readyLine, shownPath } from './status.mjs';

/**
 * Starts the local backend once its ports, and `otherPorts` (what the caller starts next: the dev
 * servers of `npm start`), are free and no other backend uses its data folder. Rejects with a
 * StartupProblem (one line to print) when they are not.
 * @param {Array<{ service: string, port: number, variable: string, hosts?: string[] }>} otherPorts
 */
export async function startLocalBackend(otherPorts = []) {
  const local = localBackendOptions();
  const firestore = firestoreBackendFrom();
  // The Functions emulator's port matters only when firebase.json lists codebases.
  const { functions: functionsPort, ...others } = local.ports;
  const withFunctions = (await functionsCodebasesOf()).length > 0;
  const checked = withFunctions ? local.ports : others;
  await checkPortsFree([...backendPortChecks(checked), ...otherPorts]);
  // The data-folder check asks the emulator's own lock module, so the emulator is built first.
  await ensureEmulatorBuilt();
  await checkDataDirFree(local.dataDir);
  console.log(
    `Starting the local backend (Firestore: ${firestore}; data in ${shownPath(ROOT, local.dataDir)})…`,
  );
  return startBackend({
    firestore,
    ...local,
    ports: withFunctions ? { ...others, functions: functionsPort } : others,
    // A change to a codebase's sources is compiled at once, and firebase-tools reloads it.
    watchFunctions: true,
    quiet: true,
    onReady: (service, url) => console.log(readyLine(service, url)),
  });
}
