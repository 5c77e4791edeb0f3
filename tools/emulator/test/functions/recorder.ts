import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

/** One request the Firestore emulator sent to the (recording) Functions emulator. */
export interface Recorded {
  at: number;
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The status it was answered with. */
  status: number;
}

/**
 * Stands where the Functions emulator would: records every delivery and answers 200, or what
 * `answer` says (to fail some).
 */
export async function startRecorder(): Promise<{
  address: string;
  received: Recorded[];
  answer: (request: Omit<Recorded, 'status'>) => number;
  setAnswer(answer: (request: Omit<Recorded, 'status'>) => number): void;
  waitFor(count: number, timeoutMs?: number): Promise<Recorded[]>;
  close(): Promise<void>;
}> {
  const received: Recorded[] = [];
  let answer = (_request: Omit<Recorded, 'status'>) => 200;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = {
        at: Date.now(),
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      const status = answer(request);
      received.push({ ...request, status });
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(status < 300 ? '{"status":"acknowledged"}' : '{"error":"failing on purpose"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const recorder = {
    address: `127.0.0.1:${port}`,
    received,
    answer: (request: Omit<Recorded, 'status'>) => answer(request),
    setAnswer(next: typeof answer) {
      answer = next;
    },
    async waitFor(count: number, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) {
          throw new Error(`${received.length} of ${count} deliveries arrived`);
        }
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return received.slice(0, count);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  return recorder;
}

/** firebase-functions' own decoder of `DocumentEventData`: what a function's SDK reads. */
interface DecodedDocument {
  name: string;
  fields: Record<string, unknown>;
  createTime?: { seconds: string; nanos?: number };
  updateTime?: { seconds: string; nanos?: number };
}
export interface DecodedEventData {
  value?: DecodedDocument;
  oldValue?: DecodedDocument;
  updateMask?: { fieldPaths?: string[] };
}

const FUNCTIONS_SDK = require.resolve('firebase-functions').split(`${path.sep}lib${path.sep}`)[0]!;
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the SDK's compiled protos
const { google } = require(path.join(FUNCTIONS_SDK, 'protos/compiledFirestore.js')) as {
  google: {
    events: {
      cloud: {
        firestore: {
          v1: {
            DocumentEventData: {
              decode(bytes: Uint8Array): unknown;
              toObject(message: unknown, options: Record<string, unknown>): DecodedEventData;
            };
          };
        };
      };
    };
  };
};

/** A 2nd-gen delivery's body (base64 text of the protobuf), decoded as firebase-functions does. */
export function decodeEventData(body: string): DecodedEventData {
  const type = google.events.cloud.firestore.v1.DocumentEventData;
  return type.toObject(type.decode(Buffer.from(body, 'base64')), {
    longs: String,
    bytes: String,
  });
}

/** A timestamp as `{seconds, nanos}` text, to compare with a decoded one. */
export function exactTime(rfc3339: string): { seconds: string; nanos?: number } {
  const millis = Date.parse(rfc3339);
  const fraction = /\.(\d+)Z$/.exec(rfc3339)?.[1] ?? '';
  const nanos = Number((fraction + '000000000').slice(0, 9));
  const seconds = String(Math.floor(millis / 1000));
  return nanos === 0 ? { seconds } : { seconds, nanos };
}
