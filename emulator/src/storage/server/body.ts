import type { IncomingMessage } from 'node:http';
import { StorageApiError } from './errors';

/** The client went away before sending its whole body; there is nobody to answer. */
export class ClientAbortedError extends Error {}

const tooLarge = (limit: number): StorageApiError =>
  new StorageApiError(413, `Request body exceeds the maximum of ${limit} bytes.`);

/**
 * Reads a request body up to `limitBytes`. Unlike a plain read it keeps the connection usable
 * for the error answer: an oversize body is drained and discarded, then 413 is thrown; a body
 * cut off by the client throws `ClientAbortedError`, so a broken chunk is never half-applied.
 */
export function readRequestBody(
  req: IncomingMessage,
  limitBytes: number,
  /**
   * Looks at the body as it arrives (all of it so far; `complete` at the end) until it returns
   * true; throwing refuses the request there, and the rest of the body is discarded unread.
   */
  inspect?: (received: Buffer, complete: boolean) => boolean,
): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let overflow = Number.isFinite(declared) && declared > limitBytes;
    let settled = false;
    let inspected = inspect === undefined;
    const tryInspect = (complete: boolean): boolean => {
      if (inspected) return true;
      try {
        inspected = inspect!(Buffer.concat(chunks, Math.min(size, limitBytes)), complete);
        return true;
      } catch (error) {
        finish(error as Error);
        return false;
      }
    };
    const finish = (error: Error | null, body?: Buffer): void => {
      if (settled) return;
      settled = true;
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('aborted', onAborted);
      req.off('error', onAborted);
      req.off('close', onAborted);
      if (error) reject(error);
      else resolve(body!);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > limitBytes) overflow = true;
      if (!overflow) chunks.push(chunk);
      if (!overflow) tryInspect(false);
    };
    const onEnd = (): void => {
      if (!req.complete) finish(new ClientAbortedError('request aborted'));
      else if (!overflow && !tryInspect(true)) return;
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
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('aborted', onAborted);
    req.on('error', onAborted);
    req.on('close', onAborted);
  });
}
