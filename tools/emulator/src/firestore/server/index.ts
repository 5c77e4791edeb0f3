import type http from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createGuardedServer, type ConnectionLimits } from '../../common/connections';
import { HttpError, parseJson, readBody, sendJson } from '../../common/http';
import { accessOf, type RequestGate, type RouteRule } from '../../common/request-gate';
import {
  coverageDocument,
  type CompiledRules,
  type RulesCoverage,
  type RulesIssue,
} from '../../rules';
import type { CollectionUsage, FirestoreEngine } from '../engine';
import { AccessControl } from './access';
import { restError } from './errors';
import type { TriggerRegistry } from '../triggers';
import { handleTriggerRegistration } from './triggers';
import { ListenHub, type ListenLimits } from './listenStream';
import { RestApi } from './rest';
import { WebChannelEndpoint, type ChannelSessionInfo, type WebChannelOptions } from './webchannel';
import { createWriteStream } from './writeStream';

export interface FirestoreServerOptions {
  engine: FirestoreEngine;
  getRules(): CompiledRules | null;
  /** Compiles and installs rules; returns the issues ([] when installed). */
  setRules(source: string): RulesIssue[];
  /** Which requests are answered at all (Host, Origin, admin use): shared with Storage. */
  gate: RequestGate;
  /** Transport timings, mostly for tests. */
  webChannel?: WebChannelOptions;
  /** Listen stream limits (tests use small ones). */
  listen?: ListenLimits;
  /** Header/request timeouts and the connection cap. */
  connections?: ConnectionLimits;
  /** Where the Functions emulator's trigger registrations go (admin endpoints). */
  triggers?: TriggerRegistry;
  /** Counts the documents members and tools read, per collection (the data browser shows them). */
  usage?: CollectionUsage;
  /** The coverage of the rules in force, for `…:ruleCoverage` (null: no rules). */
  coverage?: () => RulesCoverage | null;
}

/** An open Listen or Write stream, as the data browser shows it. */
export interface StreamSessionInfo extends ChannelSessionInfo {
  kind: 'Listen' | 'Write';
  /** Listen streams: the active targets. */
  targets: Array<{ targetId: number; description: string }>;
}

/** The server plus a hook that ends every stream (used by stop()) and a view of the open ones. */
export type FirestoreServer = http.Server & {
  closeStreams(): void;
  describeSessions(): StreamSessionInfo[];
};

const REST_BODY_LIMIT = 16 * 1024 * 1024;
const CHANNEL_PATH = /^\/google\.firestore\.v1\.Firestore\/(Listen|Write)\/channel$/;
const CLEAR_PATH = /^\/emulator\/v1\/projects\/([^/]+)\/databases\/([^/]+)\/documents$/;
const RULES_PATH = /^\/emulator\/v1\/projects\/([^/:]+):securityRules$/;
/** Google's emulator's coverage report: JSON, or a page (admin routes, as every unlisted one). */
const COVERAGE_PATH = /^\/emulator\/v1\/projects\/([^/:]+):ruleCoverage(\.html)?$/;
const COVERAGE_PAGE_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Content-Security-Policy':
    "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Cache-Control': 'no-store',
};
/**
 * Member traffic: what the SDK sends as a signed-in (or signed-out) member. Every other route,
 * any added later included, is admin (clear, rules, ...): see common/request-gate.ts.
 */
const ROUTE_ACCESS: readonly RouteRule[] = [
  { path: CHANNEL_PATH, access: 'member' },
  { path: /^\/v1\/projects\//, access: 'member' },
  { method: 'GET', path: /^\/(healthz)?$/, access: 'member' },
];
const ALLOW_HEADERS = [
  'authorization',
  'content-type',
  'google-cloud-resource-prefix',
  'x-firebase-gmpid',
  'x-goog-api-client',
  'x-goog-api-key',
  'x-goog-request-params',
  'x-firebase-appcheck',
];

function decodePath(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    throw new HttpError(400, 'INVALID_ARGUMENT', 'Malformed URL.');
  }
}

async function jsonBody(req: IncomingMessage): Promise<unknown> {
  const body = await readBody(req, REST_BODY_LIMIT);
  return body.length === 0 ? {} : parseJson(body);
}

export function createFirestoreServer(options: FirestoreServerOptions): FirestoreServer {
  const { engine } = options;
  const access = new AccessControl(options.getRules, options.usage ?? null);
  const listen = new ListenHub(engine, access, options.listen);
  const rest = new RestApi(engine, access);
  const channels = {
    Listen: new WebChannelEndpoint((s) => listen.createStream(s), options.webChannel),
    Write: new WebChannelEndpoint((s) => createWriteStream(s, engine, access), options.webChannel),
  };

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', 'http://localhost');
    const pathname = decodePath(url.pathname);
    // A preflight is judged as the request it announces.
    const routeMethod =
      method === 'OPTIONS' ? String(req.headers['access-control-request-method'] ?? '') : method;
    const verdict = options.gate.check(req, accessOf(ROUTE_ACCESS, routeMethod, pathname));
    if (!verdict.allowed) {
      throw new HttpError(verdict.httpStatus, 'PERMISSION_DENIED', verdict.message);
    }
    options.gate.applyCors(req, res, { allowHeaders: ALLOW_HEADERS });
    if (method === 'OPTIONS') {
      res.writeHead(204);
      res.end();
      return;
    }

    const channel = CHANNEL_PATH.exec(pathname);
    if (channel) return channels[channel[1] as 'Listen' | 'Write'].handle(req, res, url);

    if (rest.matches(pathname)) {
      const body = method === 'POST' ? await jsonBody(req) : undefined;
      const reply = await rest.handle({ method, pathname, body, req });
      return sendJson(res, reply.status, reply.body);
    }

    if (method === 'GET' && pathname === '/') {
      res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Ok');
      return;
    }
    if (method === 'GET' && pathname === '/healthz') {
      return sendJson(res, 200, {
        status: 'ok',
        service: 'firestore',
        readTime: engine.currentReadTime(),
        sessions: {
          listen: channels.Listen.sessionCount,
          write: channels.Write.sessionCount,
        },
      });
    }
    const clear = CLEAR_PATH.exec(pathname);
    if (clear && method === 'DELETE') {
      engine.clear(clear[1]!);
      return sendJson(res, 200, {});
    }
    const rules = RULES_PATH.exec(pathname);
    if (rules && method === 'PUT') return loadRules(req, res);
    const coverage = COVERAGE_PATH.exec(pathname);
    if (coverage && method === 'GET') return serveCoverage(res, coverage[2] !== undefined);
    if (options.triggers) {
      const registry = options.triggers;
      if (await handleTriggerRegistration(registry, req, res, method, pathname, url)) return;
    }
    throw new HttpError(404, 'NOT_FOUND', `Not found: ${method} ${pathname}`);
  }

  /** As Google's: `{}` until a rule has run, then the rules and the expression tree. */
  function serveCoverage(res: ServerResponse, asPage: boolean): void {
    const recorded = options.coverage?.() ?? null;
    if (asPage) {
      const body = recorded
        ? coverageDocument(recorded)
        : '<!doctype html><title>Rules coverage</title><p>No rules are loaded.</p>';
      res.writeHead(200, { ...COVERAGE_PAGE_HEADERS, 'Content-Length': Buffer.byteLength(body) });
      res.end(body);
      return;
    }
    const report = recorded?.report();
    sendJson(res, 200, report && report.report.length > 0 ? report : {});
  }

  async function loadRules(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = (await jsonBody(req)) as { rules?: { files?: unknown } };
    const files = body?.rules?.files;
    const file = Array.isArray(files) ? (files[0] as { content?: unknown } | undefined) : undefined;
    if (!file || typeof file.content !== 'string') {
      throw new HttpError(400, 'INVALID_ARGUMENT', 'Expected {"rules":{"files":[{"content"}]}}.');
    }
    const issues = options.setRules(file.content);
    const fileName = (file as { name?: unknown }).name ?? 'firestore.rules';
    const wireIssues = issues.map((i) => ({
      sourcePosition: { fileName, line: i.line, column: i.column },
      description: i.message,
      severity: 'ERROR',
    }));
    if (issues.length === 0) return sendJson(res, 200, { issues: [] });
    sendJson(res, 400, {
      error: {
        code: 400,
        message: issues.map((i) => `L${i.line}:${i.column} ${i.message}`).join('\n'),
        status: 'INVALID_ARGUMENT',
      },
      issues: wireIssues,
    });
  }

  const server = createGuardedServer(options.connections, (req, res) => {
    route(req, res).catch((err: unknown) => {
      // A client that hung up mid-request needs no answer (and is no server error).
      if (
        (err as NodeJS.ErrnoException).code === 'ECONNRESET' ||
        !res.socket ||
        res.socket.destroyed
      ) {
        res.destroy();
        return;
      }
      const { httpStatus, body } = restError(err);
      if (res.headersSent) {
        res.destroy();
        return;
      }
      // A body left unread (e.g. refused as too large) must not poison a kept-alive socket.
      if (!req.complete) res.setHeader('Connection', 'close');
      sendJson(res, httpStatus, body);
    });
  }) as FirestoreServer;
  server.closeStreams = () => {
    channels.Listen.closeAll();
    channels.Write.closeAll();
    listen.dispose();
  };
  server.describeSessions = () => {
    const targets = listen.describeTargets();
    return [
      ...channels.Listen.describeSessions().map((info) => ({
        ...info,
        kind: 'Listen' as const,
        targets: targets.get(info.id) ?? [],
      })),
      ...channels.Write.describeSessions().map((info) => ({
        ...info,
        kind: 'Write' as const,
        targets: [],
      })),
    ];
  };
  server.on('close', () => server.closeStreams());
  server.on('clientError', (err: NodeJS.ErrnoException, socket) => {
    // Headers or a body not received within the connection limits' timeouts.
    const status =
      err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? '408 Request Timeout' : '400 Bad Request';
    if (socket.writable) socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\n\r\n`);
  });
  return server;
}
