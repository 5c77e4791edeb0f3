import type { IncomingMessage, ServerResponse } from 'node:http';
import { principalFromAuthorization } from './auth';

/**
 * The one gate every request to the emulator's servers passes, before any route runs.
 *
 * The emulator runs on a developer's machine while the developer browses the web, so any page
 * they visit can send it requests: the gate decides which of those it answers.
 *
 * - `Host` must name this machine (a loopback name or address, or a name the emulator was told
 *   to answer to) with the port the request arrived on, else 421: a DNS-rebinding page (its own
 *   name resolved to 127.0.0.1) is refused whatever it asks.
 * - A request whose `Origin` is not one of this machine's pages is refused (403), whatever its
 *   route or token, and gets no CORS headers, so the browser shows the page nothing either. Member
 *   traffic included: the emulator accepts unsigned ID tokens (as the Auth emulator issues), so a
 *   member token from a foreign page proves nothing, and would let any page act as any member.
 * - Admin use (a route that is not member traffic, or the `owner` token in the `Authorization`
 *   header) also needs a connection from this machine. Admin routes are every route not listed
 *   as member traffic, so an endpoint added later is admin until someone says otherwise.
 * - Tool routes (writing to the developer's disk) also refuse any `Origin` at all: only programs
 *   call them, never a page.
 *
 * CORS is granted to this machine's pages only (any port: dev servers and tests use free ones),
 * and Private Network Access never.
 */

/** What a route serves, and so who may call it. */
export type RouteAccess = 'member' | 'admin' | 'tool';

/** One entry of a server's route table: requests matching `path` (and `method`, if given). */
export interface RouteRule {
  method?: string;
  path: RegExp;
  access: RouteAccess;
}

export type GateVerdict =
  { allowed: true } | { allowed: false; httpStatus: 403 | 421; message: string };

/** Host names that always mean this machine; 127.0.0.0/8 addresses count too. */
const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);
const LOOPBACK_IPV4 = /^127(\.\d{1,3}){3}$/;
/** Addresses a server bound to every interface listens on: they name no host. */
const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]', '']);

/** `localhost`, `[::1]` or an address of 127.0.0.0/8 (in Host form: IPv6 in brackets). */
export function isLoopbackName(name: string): boolean {
  return LOOPBACK_NAMES.has(name) || LOOPBACK_IPV4.test(name);
}

/** `[::1]` for `::1`; names and IPv4 addresses as they are, lower-cased. */
function hostNameForm(name: string): string {
  const lower = name.trim().toLowerCase();
  return lower.includes(':') && !lower.startsWith('[') ? `[${lower}]` : lower;
}

/** Splits a Host header into name and port (null when it has none); null when malformed. */
function parseHostHeader(host: string): { name: string; port: number | null } | null {
  const match = /^(\[[0-9a-f:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/i.exec(host.trim());
  if (!match) return null;
  return { name: match[1]!.toLowerCase(), port: match[2] === undefined ? null : Number(match[2]) };
}

/** The connection comes from this machine. */
export function fromLoopback(req: IncomingMessage): boolean {
  const remote = req.socket.remoteAddress ?? '';
  return /^(127\.|::1$|::ffff:127\.)/.test(remote);
}

export class RequestGate {
  private readonly extraNames: ReadonlySet<string>;

  /**
   * @param hostNames names besides the loopback ones that mean this machine: the address the
   *   emulator listens on (when it is not a wildcard) and any the developer allowed.
   */
  constructor(hostNames: readonly string[] = []) {
    this.extraNames = new Set(
      hostNames.map(hostNameForm).filter((name) => !WILDCARD_HOSTS.has(name)),
    );
  }

  private isOwnName(name: string): boolean {
    return isLoopbackName(name) || this.extraNames.has(name);
  }

  /** `Host` names this machine, with the port the request arrived on. */
  hostAllowed(req: IncomingMessage): boolean {
    const host = parseHostHeader(req.headers.host ?? '');
    if (!host || !this.isOwnName(host.name)) return false;
    const port = req.socket.localPort;
    return host.port === null ? port === 80 : host.port === port;
  }

  /** Where a browser says the request comes from: nowhere (a program), this machine, or elsewhere. */
  originOf(req: IncomingMessage): 'none' | 'own' | 'foreign' {
    const origin = req.headers.origin;
    if (origin === undefined) return 'none';
    let url: URL;
    try {
      url = new URL(origin);
    } catch {
      return 'foreign'; // `null` (sandboxed frames, file: pages) and anything malformed
    }
    const scheme = url.protocol === 'http:' || url.protocol === 'https:';
    return scheme && this.isOwnName(hostNameForm(url.hostname)) ? 'own' : 'foreign';
  }

  /** The verdict for one request to a route of `access`. */
  check(req: IncomingMessage, access: RouteAccess): GateVerdict {
    if (!this.hostAllowed(req)) {
      return refuse(
        421,
        `This emulator answers only to localhost, 127.0.0.1 or [::1] with its port, not to Host ${JSON.stringify(req.headers.host ?? '')}.`,
      );
    }
    const origin = this.originOf(req);
    if (origin === 'foreign') {
      return refuse(403, `This emulator answers no web page from ${req.headers.origin}.`);
    }
    if (access === 'tool' && origin !== 'none') {
      return refuse(403, 'This endpoint is only for tools on this machine, not web pages.');
    }
    const adminUse =
      access !== 'member' || principalFromAuthorization(req.headers.authorization).kind === 'owner';
    if (adminUse && !fromLoopback(req)) {
      return refuse(403, 'Admin requests are only accepted from this machine.');
    }
    return { allowed: true };
  }

  /**
   * CORS for this machine's pages (the SDK sends credentialed requests, so the exact Origin is
   * echoed); nothing for other callers. Private Network Access is never granted.
   */
  applyCors(
    req: IncomingMessage,
    res: ServerResponse,
    options: { allowHeaders?: readonly string[]; exposeHeaders?: readonly string[] } = {},
  ): void {
    res.setHeader('Vary', 'Origin');
    if (this.originOf(req) !== 'own') return;
    res.setHeader('Access-Control-Allow-Origin', req.headers.origin!);
    res.setHeader('Access-Control-Allow-Credentials', 'true');
    res.setHeader('Access-Control-Allow-Methods', 'GET,POST,PUT,PATCH,DELETE,OPTIONS');
    const requested = req.headers['access-control-request-headers'];
    const allow = [...(options.allowHeaders ?? []), ...(requested ? [requested] : [])];
    if (allow.length > 0) res.setHeader('Access-Control-Allow-Headers', allow.join(', '));
    if (options.exposeHeaders?.length) {
      res.setHeader('Access-Control-Expose-Headers', options.exposeHeaders.join(', '));
    }
    res.setHeader('Access-Control-Max-Age', '3600');
  }
}

function refuse(httpStatus: 403 | 421, message: string): GateVerdict {
  return { allowed: false, httpStatus, message };
}

/** The access of the first rule matching the request; routes no rule names are admin. */
export function accessOf(
  rules: readonly RouteRule[],
  method: string,
  pathname: string,
): RouteAccess {
  const rule = rules.find(
    (r) => (r.method === undefined || r.method === method) && r.path.test(pathname),
  );
  return rule?.access ?? 'admin';
}
