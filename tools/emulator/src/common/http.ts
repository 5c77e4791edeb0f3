import type { IncomingMessage, ServerResponse } from 'node:http';

/** Thrown by handlers; the transport turns it into the service's error shape. */
export class HttpError extends Error {
  constructor(
    readonly httpStatus: number,
    /** gRPC-style status name, e.g. INVALID_ARGUMENT, PERMISSION_DENIED. */
    readonly status: string,
    message: string,
  ) {
    super(message);
  }
}

/** Reads a whole request body, refusing bodies over `limitBytes` with 413. */
export async function readBody(req: IncomingMessage, limitBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = chunk as Buffer;
    size += buf.length;
    if (size > limitBytes) {
      throw new HttpError(413, 'INVALID_ARGUMENT', `Request body exceeds ${limitBytes} bytes.`);
    }
    chunks.push(buf);
  }
  return Buffer.concat(chunks);
}

/** Parses a JSON body, answering 400 INVALID_ARGUMENT for malformed JSON. */
export function parseJson(body: Buffer | string): unknown {
  try {
    return JSON.parse(typeof body === 'string' ? body : body.toString('utf8'));
  } catch {
    throw new HttpError(400, 'INVALID_ARGUMENT', 'Invalid JSON payload received.');
  }
}

export function sendJson(res: ServerResponse, httpStatus: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(httpStatus, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}
