import type * as http from 'node:http';
import { createGuardedServer, type ConnectionLimits } from '../../common/connections';
import { accessOf, type RequestGate, type RouteRule } from '../../common/request-gate';
import type { CompiledRules, RulesIssue } from '../../rules';
import { ClientAbortedError, readRequestBody } from './body';
import {
  principalOf,
  sendEmpty,
  sendJsonBody,
  type ApiRequest,
  type StorageContext,
} from './context';
import { badRequest, StorageApiError } from './errors';
import {
  deleteObject,
  getObject,
  listObjects,
  manageDownloadTokens,
  parseJsonBody,
  patchObject,
} from './object-routes';
import { ExportFolderError, type ObjectStore } from '../store';
import { upload } from './upload-routes';
import { StorageFunctionEvents } from './function-events';
import { isGcsPath, routeGcs } from './gcs-routes';
import { UploadSessions, type UploadLimits } from './uploads';

export interface StorageServerOptions {
  /** Where objects live (see openObjectStore); the server never opens one itself. */
  store: ObjectStore;
  host: string;
  getRules(): CompiledRules | null;
  /** Compiles and installs new rules; returns the issues ([] when the rules were installed). */
  setRules(source: string): RulesIssue[];
  /** Which requests are answered at all (Host, Origin, admin use): shared with Firestore. */
  gate: RequestGate;
  /** Largest object any upload may create (default 130 MiB, the official emulator's limit). */
  maxObjectBytes?: number;
  /** Header/request timeouts and the connection cap. */
  connections?: ConnectionLimits;
  /** How long abandoned resumable uploads are kept, and how many may be in progress. */
  uploads?: UploadLimits;
  /** Storage triggers for the Functions emulator; none: no events are made. */
  functionEvents?: StorageFunctionEvents;
}

const DEFAULT_MAX_OBJECT_BYTES = 130 * 1024 * 1024;

/**
 * Member traffic is the `/v0` API (and the health checks); export writes to the developer's disk
 * (tools only); every other route, any added later included, is admin (setRules, reset, ...): see
 * common/request-gate.ts.
 */
const ROUTE_ACCESS: readonly RouteRule[] = [
  { path: /^\/v0\//, access: 'member' },
  { method: 'GET', path: /^\/(healthz)?$/, access: 'member' },
  { path: /^\/internal\/export$/, access: 'tool' },
];
const RULES_BODY_LIMIT = 10 * 1024 * 1024;

const ALLOW_HEADERS = [
  'authorization',
  'content-type',
  'range',
  'x-firebase-storage-version',
  'x-firebase-gmpid',
  'x-firebase-appcheck',
  'x-goog-upload-protocol',
  'x-goog-upload-command',
  'x-goog-upload-offset',
  'x-goog-upload-header-content-length',
  'x-goog-upload-header-content-type',
  'x-http-method-override',
];

const EXPOSE_HEADERS = [
  'content-type',
  'content-length',
  'content-range',
  'content-disposition',
  'content-encoding',
  'etag',
  'x-firebase-storage-version',
  'x-goog-upload-url',
  'x-goog-upload-status',
  'x-goog-upload-command',
  'x-goog-upload-size-received',
  'x-goog-upload-chunk-granularity',
  'x-goog-upload-control-url',
  'x-gupload-uploadid',
  'x-goog-generation',
  'x-goog-metageneration',
  'x-goog-hash',
  'x-goog-storage-class',
];

/** Splits `/v0/b/{bucket}/o[/{object}]`; null for any other path. */
function parseApiPath(pathname: string): { bucket: string; objectName: string | null } | null {
  const match = /^\/v0\/b\/([^/]+)\/o(?:\/(.+))?\/?$/.exec(pathname);
  if (!match) return null;
  try {
    return {
      bucket: decodeURIComponent(match[1]!),
      objectName: match[2] === undefined ? null : decodeURIComponent(match[2]),
    };
  } catch {
    throw badRequest('Malformed percent-encoding in the request path.');
  }
}

async function routeApi(ctx: StorageContext, api: ApiRequest): Promise<void> {
  const method = api.req.method ?? 'GET';
  if (api.objectName === null) {
    if (method === 'GET') return listObjects(ctx, api);
    if (method === 'POST' || method === 'PUT') return upload(ctx, api);
  } else {
    const override = String(api.req.headers['x-http-method-override'] ?? '').toUpperCase();
    if (method === 'GET' || method === 'HEAD') return getObject(ctx, api);
    if (method === 'PATCH' || (method === 'PUT' && override === 'PATCH')) {
      return patchObject(ctx, api);
    }
    if (method === 'DELETE') return deleteObject(ctx, api);
    const tokenRequest =
      api.url.searchParams.has('create_token') || api.url.searchParams.has('delete_token');
    if (method === 'POST' && tokenRequest) return manageDownloadTokens(ctx, api);
    if (method === 'POST' || method === 'PUT') return upload(ctx, api);
  }
  throw new StorageApiError(405, `Method ${method} is not allowed here.`);
}

async function setRules(
  options: StorageServerOptions,
  req: http.IncomingMessage,
  res: http.ServerResponse,
): Promise<void> {
  const body = parseJsonBody(await readRequestBody(req, RULES_BODY_LIMIT)) as {
    rules?: { files?: unknown };
  };
  const files = body?.rules?.files;
  if (!Array.isArray(files) || files.length === 0) {
    return sendJsonBody(res, 400, { message: "Request body must include 'rules.files' array" });
  }
  if (files.length > 1) {
    return sendJsonBody(res, 400, {
      message: 'Several rules files (per-bucket rules) are not supported by this emulator.',
    });
  }
  const file = files[0] as { name?: unknown; content?: unknown };
  if (typeof file?.name !== 'string' || typeof file.content !== 'string') {
    return sendJsonBody(res, 400, {
      message: "Each member of 'rules.files' array must contain 'name' and 'content'",
    });
  }
  const issues = options.setRules(file.content);
  if (issues.length > 0) {
    return sendJsonBody(res, 400, {
      message: 'There was an error updating rules, see logs for more details',
      issues,
    });
  }
  sendJsonBody(res, 200, { message: 'Rules updated successfully' });
}

async function handle(
  ctx: StorageContext,
  options: StorageServerOptions,
  req: http.IncomingMessage,
  res: http.ServerResponse,
): Promise<void> {
  const method = req.method ?? 'GET';
  const url = new URL(req.url ?? '/', 'http://storage.invalid');
  // Every answer is what its type says (a download is served as the type its owner gave it): a
  // browser never guesses a page or a script from members' bytes.
  res.setHeader('X-Content-Type-Options', 'nosniff');
  // A preflight is judged as the request it announces.
  const routeMethod =
    method === 'OPTIONS' ? String(req.headers['access-control-request-method'] ?? '') : method;
  const access = accessOf(ROUTE_ACCESS, routeMethod, url.pathname);
  const verdict = options.gate.check(req, access);
  if (!verdict.allowed) throw new StorageApiError(verdict.httpStatus, verdict.message);
  // Export writes to the developer's disk: no CORS at all, so no web page can ever call it.
  if (access === 'tool') return exportObjects(ctx, req, res);
  options.gate.applyCors(req, res, { allowHeaders: ALLOW_HEADERS, exposeHeaders: EXPOSE_HEADERS });
  if (method === 'OPTIONS') return sendEmpty(res, 204);

  // The Admin SDK's Cloud Storage JSON API (functions): admin requests, no rules.
  if (isGcsPath(url.pathname)) return routeGcs(ctx, req, res, url);
  const api = parseApiPath(url.pathname);
  if (api) {
    return routeApi(ctx, { req, res, url, principal: principalOf(req), ...api });
  }
  if (url.pathname === '/' && method === 'GET') {
    res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': 2 });
    return void res.end('Ok');
  }
  if (url.pathname === '/healthz' && method === 'GET') {
    return sendJsonBody(res, 200, {
      status: 'ok',
      service: 'storage',
      objects: ctx.store.all().length,
      uploadsInProgress: ctx.sessions.inProgress,
    });
  }
  if (url.pathname === '/internal/setRules' && method === 'PUT') {
    return setRules(options, req, res);
  }
  if (url.pathname === '/internal/reset' && method === 'POST') {
    req.resume();
    ctx.sessions.clear();
    await ctx.store.clear();
    return sendEmpty(res, 200);
  }
  throw new StorageApiError(404, `No route for ${method} ${url.pathname}.`);
}

/**
 * `POST /internal/export {"path"}` as tools call it (the gate has checked: from this machine, to
 * a loopback Host, with no `Origin`, which every browser request that could carry a body sends),
 * with a JSON body. The folder rules are the store's (`ObjectStore.exportTo`).
 */
async function exportObjects(
  ctx: StorageContext,
  req: http.IncomingMessage,
  res: http.ServerResponse,
): Promise<void> {
  if (req.method !== 'POST') throw new StorageApiError(405, 'Export takes POST.');
  if (!/^application\/json\s*(;|$)/i.test(req.headers['content-type'] ?? '')) {
    throw new StorageApiError(415, 'Export takes a JSON body (Content-Type: application/json).');
  }
  const body = parseJsonBody(await readRequestBody(req, RULES_BODY_LIMIT)) as { path?: unknown };
  if (typeof body?.path !== 'string' || body.path === '') {
    return sendJsonBody(res, 400, { message: "Export request body must include 'path'." });
  }
  try {
    await ctx.store.exportTo(body.path);
  } catch (error) {
    if (error instanceof ExportFolderError) throw new StorageApiError(400, error.message);
    throw error;
  }
  return sendEmpty(res, 200);
}

function sendError(res: http.ServerResponse, error: unknown): void {
  if (error instanceof ClientAbortedError) {
    res.destroy();
    return;
  }
  let apiError: StorageApiError;
  if (error instanceof StorageApiError) apiError = error;
  else {
    console.error('[storage] internal error:', error);
    apiError = new StorageApiError(500, 'Internal error.');
  }
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body = apiError.body();
  res.writeHead(apiError.httpStatus, {
    ...apiError.headers,
    'Content-Type':
      apiError.format === 'json' ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
  });
  res.end(body);
}

/** The Storage `/v0` API of the emulator. The server is returned without listening. */
export function createStorageServer(options: StorageServerOptions): http.Server {
  const ctx: StorageContext = {
    store: options.store,
    sessions: new UploadSessions(
      options.maxObjectBytes ?? DEFAULT_MAX_OBJECT_BYTES,
      options.store.staging,
      options.uploads,
    ),
    getRules: () => options.getRules(),
    maxObjectBytes: options.maxObjectBytes ?? DEFAULT_MAX_OBJECT_BYTES,
    events: options.functionEvents ?? StorageFunctionEvents.none(),
  };
  const server = createGuardedServer(options.connections, (req, res) => {
    handle(ctx, options, req, res).catch((error: unknown) => sendError(res, error));
  });
  server.on('close', () => {
    ctx.sessions.dispose();
    options.store.staging.close();
  });
  return server;
}
