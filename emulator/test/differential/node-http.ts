import http from 'node:http';

/** The parts of a fetch Response that `firebase/firestore/lite` and the interpreter read. */
interface PlainResponse {
  ok: boolean;
  status: number;
  statusText: string;
  json(): Promise<unknown>;
  text(): Promise<string>;
}

function send(agent: http.Agent, url: string, init: RequestInit): Promise<PlainResponse> {
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
        resolve({
          ok: status >= 200 && status < 300,
          status,
          statusText: res.statusMessage ?? '',
          json: async () => JSON.parse(text) as unknown,
          text: async () => text,
        });
      });
    });
    request.on('error', reject);
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
