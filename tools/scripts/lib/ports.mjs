import { freePort } from 'build-config/free-port.cjs';

export { freePort };

/** A free port for each service of a backend started by a script or a test (startBackend). */
export async function freeBackendPorts() {
  return {
    auth: await freePort(),
    firestore: await freePort(),
    storage: await freePort(),
    hub: await freePort(),
    logging: await freePort(),
  };
}

/**
 * The backend ports the environment names (FIRESTORE_EMULATOR_PORT… as `npm start` reads them,
 * e.g. from a ports file), else a free port for each service.
 */
export function backendPortsFromEnvironment(env = process.env) {
  if (!env.FIRESTORE_EMULATOR_PORT) return freeBackendPorts();
  return {
    auth: Number(env.AUTH_EMULATOR_PORT),
    firestore: Number(env.FIRESTORE_EMULATOR_PORT),
    storage: Number(env.STORAGE_EMULATOR_PORT),
    functions: Number(env.FUNCTIONS_EMULATOR_PORT),
    ...(env.EMULATOR_HUB_PORT ? { hub: Number(env.EMULATOR_HUB_PORT) } : {}),
    ...(env.EMULATOR_LOGGING_PORT ? { logging: Number(env.EMULATOR_LOGGING_PORT) } : {}),
  };
}

/** Resolves once `url` answers any HTTP status, or rejects after `timeoutMs`. */
export async function waitForHttp(url, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await fetch(url, { signal: AbortSignal.timeout(2000) });
      return;
    } catch (error) {
      if (Date.now() > deadline)
        throw new Error(`${url} did not answer within ${timeoutMs} ms: ${error}`);
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
  }
}
