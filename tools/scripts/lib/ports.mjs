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
