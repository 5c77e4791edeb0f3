import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** Names the browser may use for this server; anything else is a DNS-rebinding attempt. */
const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'];

export function allowedHosts(port: number): Set<string> {
  return new Set(LOOPBACK_NAMES.map((name) => `${name}:${port}`));
}

/** The Host header names this server (by a loopback name and its port). */
export function hostAllowed(req: IncomingMessage, port: number): boolean {
  const host = (req.headers.host ?? '').toLowerCase();
  return allowedHosts(port).has(host);
}

/**
 * A state-changing request is accepted only from this server's own pages: it carries the token
 * those pages embed, and when the browser says where it comes from, that is this origin.
 */
export class CsrfGuard {
  readonly token = randomBytes(32).toString('base64url');

  accepts(req: IncomingMessage, port: number, submittedToken: string | null): boolean {
    const origin = req.headers.origin;
    if (origin !== undefined) {
      const allowed = [...allowedHosts(port)].map((h) => `http://${h}`);
      if (!allowed.includes(origin.toLowerCase())) return false;
    }
    const site = req.headers['sec-fetch-site'];
    if (site !== undefined && site !== 'same-origin') return false;
    if (submittedToken === null) return false;
    const expected = Buffer.from(this.token);
    const given = Buffer.from(submittedToken);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
