import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { isLoopbackName } from '../common/request-gate';

/**
 * A state-changing request is accepted only from this server's own pages: it carries the token
 * those pages embed, and when the browser says where it comes from, that is this origin.
 */
export class CsrfGuard {
  readonly token = randomBytes(32).toString('base64url');

  accepts(req: IncomingMessage, port: number, submittedToken: string | null): boolean {
    const origin = req.headers.origin;
    if (origin !== undefined && !isThisOrigin(origin, port)) return false;
    const site = req.headers['sec-fetch-site'];
    if (site !== undefined && site !== 'same-origin') return false;
    if (submittedToken === null) return false;
    const expected = Buffer.from(this.token);
    const given = Buffer.from(submittedToken);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}

/** `http://<loopback name>:<port>`: a page of this server. */
function isThisOrigin(origin: string, port: number): boolean {
  try {
    const url = new URL(origin);
    return url.protocol === 'http:' && isLoopbackName(url.hostname) && url.port === String(port);
  } catch {
    return false;
  }
}
