import http from 'node:http';

/** The parts of a fetch Response that `firebase/firestore/lite` and the interpreter read. */
interface PlainResponse {
  ok: boolean;
  status: number;
  statusText: string;
  json(): Promise<unknown>;
  text(): Promise<string>;
}

/**
 * The status name an emulator sent with each error message (`FAILED_PRECONDITION`), by
 * `origin message`; null where one message came with two statuses. The REST build turns an
 * error into the code of its HTTP status alone (400 stands for INVALID_ARGUMENT,
 * FAILED_PRECONDITION and OUT_OF_RANGE alike), but keeps the server's message: this gives the
 * code the server sent back, as the browser build's streams report it.
 */
const statusByMessage = new Map<string, string | null>();
const REMEMBERED_MESSAGES = 10_000;
const REST_ERROR_PREFIX = 'Request failed with error: ';

function rememberStatus(url: string, status: number, text: string): void {
  if (status < 300) return;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return;
  }
  const error = (Array.isArray(body) ? body[0] : body) as {
    error?: { status?: unknown; message?: unknown };
  } | null;
  const name = error?.error?.status;
  const message = error?.error?.message;
  if (typeof name !== 'string' || typeof message !== 'string') return;
  if (statusByMessage.size >= REMEMBERED_MESSAGES) statusByMessage.clear();
  const key = `${new URL(url).origin} ${message}`;
  const known = statusByMessage.get(key);
  statusByMessage.set(key, known === undefined || known === name ? name : null);
}

/**
 * The SDK code (`invalid-argument`) of the status the emulator at `base` sent with the message
 * of a REST build error; undefined when the error did not come from that emulator's answer
 * (the SDK's own checks, whose codes are exact already) or its status is not certain.
 */
export function serverCodeOf(base: string, sdkMessage: string): string | undefined {
  if (!sdkMessage.startsWith(REST_ERROR_PREFIX)) return undefined;
  const name = statusByMessage.get(
    `${new URL(base).origin} ${sdkMessage.slice(REST_ERROR_PREFIX.length)}`,
  );
  return name ? name.toLowerCase().replaceAll('_', '-') : undefined;
}

function send(
  agent: http.Agent,
  url: string,
  init: RequestInit,
  retried = false,
): Promise<PlainResponse> {
  let headers = init.headers as Record<string, string> | undefined;
  if (init.headers instanceof Headers) {
    headers = {};
    init.headers.forEach((value, name) => (headers![name] = value));
  }
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: init.method ?? 'GET', headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const status = res.statusCode ?? 0;
        rememberStatus(url, status, text);
        resolve({
          ok: status >= 200 && status < 300,
          status,
          statusText: res.statusMessage ?? '',
          json: async () => JSON.parse(text) as unknown,
          text: async () => text,
        });
      });
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      // A kept-alive socket the server closed as idle just as this request went out on it: the
      // server never read the request, so sending it again on a new socket is safe (Node's
      // documented answer to this race, which a loaded machine widens).
      if (!retried && request.reusedSocket && error.code === 'ECONNRESET') {
        send(agent, url, init, true).then(resolve, reject);
      } else {
        reject(error);
      }
    });
    request.end(init.body as string | undefined);
  });
}

/**
 * Sends the plain requests (a string body or none, no abort signal) to the given emulators
 * through node:http with kept-alive connections, and every other request through the `fetch` it
 * replaces; returns the undo. The REST build in Node calls the global `fetch`, whose undici
 * streams cost about a third of the test process's CPU per request (--cpu-prof); node:http does
 * the same HTTP for a fraction of it (test/differential/README.md, "Size").
 */
export function sendThroughNodeHttp(bases: string[]): () => void {
  const original = globalThis.fetch;
  const agent = new http.Agent({ keepAlive: true });
  globalThis.fetch = ((input: string | URL | Request, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : null;
    const plain =
      url !== null &&
      bases.some((base) => url.startsWith(`${base}/`)) &&
      !init.signal &&
      (init.body === undefined || typeof init.body === 'string');
    return plain ? send(agent, url, init) : original(input, init);
  }) as typeof fetch;
  return () => {
    globalThis.fetch = original;
    agent.destroy();
  };
}
