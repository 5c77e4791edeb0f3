// The backend of `npm start` and `npm run emulators`: fixed ports, data under .data/, checked
// before anything starts, saying each service as it answers.
import { ROOT, backendPortChecks, localBackendOptions, startBackend } from './backend.mjs';
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
  await checkPortsFree([...backendPortChecks(local.ports), ...otherPorts]);
  checkDataDirFree(local.dataDir);
  console.log(
    `Starting the local backend (Firestore: ${firestore}; data in ${shownPath(ROOT, local.dataDir)})…`,
  );
  return startBackend({
    firestore,
    ...local,
    quiet: true,
    onReady: (service, url) => console.log(readyLine(service, url)),
  });
}
