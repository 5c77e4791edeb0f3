import type { IncomingMessage } from 'node:http';
import { StorageApiError } from './errors';

/** The client went away before sending its whole body; there is nobody to answer. */
export class ClientAbortedError extends Error {}

const tooLarge = (limit: number): StorageApiError =>
  new StorageApiError(413, `Request body exceeds the maximum of ${limit} bytes.`);

/** A request body's events, and the one listener each. */
interface BodyListeners {
  data: (chunk: Buffer) => void;
  end: () => void;
  /** The client went away, or the request failed: `aborted`, `error` and `close`. */
  aborted: () => void;
}

/** Listens to a request body's events; the returned function stops listening. */
function listenToBody(req: IncomingMessage, listeners: BodyListeners): () => void {
  const events = [
    ['data', listeners.data],
    ['end', listeners.end],
    ['aborted', listeners.aborted],
    ['error', listeners.aborted],
    ['close', listeners.aborted],
  ] as const;
  for (const [event, listener] of events) req.on(event, listener);
  return () => {
    for (const [event, listener] of events) req.off(event, listener);
  };
}

/**
 * Reads a request body up to `limitBytes`. Unlike a plain read it keeps the connection usable
 * for the error answer: an oversize body is drained and discarded, then 413 is thrown; a body
 * cut off by the client throws `ClientAbortedError`, so a broken chunk is never half-applied.
 */
export function readRequestBody(req: IncomingMessage, limitBytes: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let overflow = Number.isFinite(declared) && declared > limitBytes;
    let settled = false;
    let stopListening = (): void => {};
    const finish = (error: Error | null, body?: Buffer): void => {
      if (settled) return;
      settled = true;
      stopListening();
      if (error) reject(error);
      else resolve(body!);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > limitBytes) overflow = true;
      if (!overflow) chunks.push(chunk);
    };
    const onEnd = (): void => {
      if (!req.complete) finish(new ClientAbortedError('request aborted'));
      else if (overflow) finish(tooLarge(limitBytes));
      else finish(null, Buffer.concat(chunks, size));
    };
    const onAborted = (): void => finish(new ClientAbortedError('request aborted'));
    if (overflow && declared > limitBytes * 4) {
      // Not worth draining: answer now and let the connection close.
      finish(tooLarge(limitBytes));
      req.resume();
      return;
    }
    stopListening = listenToBody(req, { data: onData, end: onEnd, aborted: onAborted });
  });
}

/**
 * Hands a request body to `sink` chunk by chunk as it arrives, the request paused while the sink
 * works (so a slow disk slows the client, not the server's memory), and resolves with its size.
 * Past `limitBytes` it throws 413 at once and the rest is discarded unread; a throwing sink
 * refuses the request alike; a body cut off by the client throws `ClientAbortedError`.
 */
export function streamRequestBody(
  req: IncomingMessage,
  limitBytes: number,
  sink: (chunk: Buffer) => Promise<void> | void,
): Promise<number> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limitBytes) {
    req.resume();
    return Promise.reject(tooLarge(limitBytes));
  }
  return new Promise((resolve, reject) => {
    let size = 0;
    let settled = false;
    let writing: Promise<void> = Promise.resolve();
    let stopListening = (): void => {};
    const finish = (error: Error | null): void => {
      if (settled) return;
      settled = true;
      stopListening();
      if (error) {
        // Whatever the client still sends is read and dropped, so the answer can be delivered;
        // the caller may clean up once the chunk being written is done.
        req.resume();
        void writing.then(() => reject(error));
      } else resolve(size);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > limitBytes) return finish(tooLarge(limitBytes));
      req.pause();
      writing = writing
        .then(() => sink(chunk))
        .then(
          () => {
            if (!settled) req.resume();
          },
          (error: unknown) => finish(error as Error),
        );
    };
    const onEnd = (): void => {
      if (!req.complete) return finish(new ClientAbortedError('request aborted'));
      void writing.then(() => finish(null));
    };
    const onAborted = (): void => {
      // `close` also follows a complete body; only a body cut short is an abort.
      if (!req.complete) finish(new ClientAbortedError('request aborted'));
    };
    stopListening = listenToBody(req, { data: onData, end: onEnd, aborted: onAborted });
  });
}
