import net from 'node:net';

/** A port nobody listens on right now (the OS picks it; a tiny race remains until it is bound). */
export function freePort(host = '127.0.0.1') {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
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
