import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { coverageDocument } from '../rules';
import { RequestGate } from '../common/request-gate';
import { clearPage, overviewPage, sessionsPage } from './activity-pages';
import { createUser, deleteUser, setDisabled, updateUser } from './auth-actions';
import { AuthEmulatorError } from './auth-client';
import { authErrorPage, authPage, userPage, USERS_PAGE_SIZE } from './auth-pages';
import { coveragePage, type CoverageService } from './coverage-page';
import { parseValuePath } from './document-edits';
import {
  addCollection,
  addDocument,
  deleteCollection,
  deleteDocument,
  deleteValue,
  saveValue,
  type ActionResult,
} from './firestore-actions';
import { firestorePage, valuePage, type FirestoreView } from './firestore-pages';
import { notice } from './forms';
import { CsrfGuard } from './guard';
import { html, type Html } from './html';
import { page, STYLESHEET } from './layout';
import { collectionViewOf } from './query-form';
import { requestFilterOf, requestsPage } from './requests-page';
import { BROWSER_SCRIPT } from './script';
import type { BrowserSources } from './sources';
import { isPreviewable, mediaTypeOf, objectPage, storagePage } from './storage-pages';

export interface DataBrowserOptions {
  /** 0 picks a free port. */
  port: number;
  /** Whose database `/firestore` opens when the data holds none. */
  projectId: string;
  /** The Firestore server's port, named where the coverage page points tools at it. */
  firestorePort?: number;
}

export interface RunningDataBrowser {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** The data browser binds loopback only, whatever host the emulator itself listens on. */
const HOST = '127.0.0.1';
/** A form carries at most one value, and a document holds at most 1 MiB. */
const FORM_LIMIT = 2 * 1024 * 1024;

/** What the page after an action says (`?done=`): fixed texts, so a link can show nothing else. */
const DONE_MESSAGES: Record<string, string> = {
  saved: 'Saved.',
  created: 'Created.',
  deleted: 'Deleted.',
  disabled: 'The user is disabled.',
  enabled: 'The user is enabled.',
  reset: 'The counts start again from now.',
  gone: 'That value is not there any more: the document changed.',
  changed: 'The document changed since the page was shown: nothing was deleted. Try again.',
  'bad-id': 'That is not a valid id (no slashes; not . or ..).',
};
/** Exported reports render alone, downloaded; their one stylesheet is inline. */
const EXPORT_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/** Sent with every answer: no framing, no sniffing, no scripts, nothing loaded from elsewhere. */
const COMMON_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  // Not no-referrer: with it Chromium sends `Origin: null` on the page's own form posts.
  'Referrer-Policy': 'same-origin',
  'Cache-Control': 'no-store',
  'Cross-Origin-Resource-Policy': 'same-origin',
};
const PAGE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";
/** Raw files render in a sandbox with nothing allowed, should a browser ever treat one as a page. */
const FILE_CSP = "default-src 'none'; sandbox; frame-ancestors 'none'";

function send(
  res: ServerResponse,
  status: number,
  headers: Record<string, string>,
  body: string | Buffer,
): void {
  res.writeHead(status, {
    ...COMMON_HEADERS,
    ...headers,
    'Content-Length': Buffer.byteLength(body),
  });
  res.end(body);
}

function sendPage(res: ServerResponse, status: number, body: Html): void {
  send(
    res,
    status,
    { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': PAGE_CSP },
    body.text,
  );
}

function notFound(res: ServerResponse, what: string): void {
  sendPage(res, 404, page('Not found', '', html`<p>${what}</p>`));
}

function redirect(res: ServerResponse, location: string): void {
  res.writeHead(303, { ...COMMON_HEADERS, Location: location, 'Content-Length': 0 });
  res.end();
}

function doneNotice(params: URLSearchParams): Html | '' {
  return notice(DONE_MESSAGES[params.get('done') ?? ''] ?? null);
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams | null> {
  const type = mediaTypeOf(req.headers['content-type'] ?? '');
  if (type !== 'application/x-www-form-urlencoded') return null;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > FORM_LIMIT) return null;
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/** Serves the HTML data browser for one emulator on its own loopback port. */
export async function startDataBrowser(
  sources: BrowserSources,
  options: DataBrowserOptions,
): Promise<RunningDataBrowser> {
  const csrf = new CsrfGuard();
  // Loopback names only, whatever the emulator itself answers to; no CORS is ever granted.
  const gate = new RequestGate();
  let port = 0;

  const counts = () => ({
    documents: sources.engine.documentNames('projects/').length,
    files: sources.objects.all().length,
  });
  const firestoreView: FirestoreView = {
    documentNames: () => sources.engine.documentNames('projects/'),
    getDocument: (name) => sources.engine.getDocument(name),
    query: (parent, structuredQuery) => sources.query(parent, structuredQuery),
    usage: sources.usage,
    csrf: csrf.token,
    projectId: options.projectId,
  };

  async function serveFile(res: ServerResponse, bucket: string, name: string): Promise<void> {
    const meta = sources.objects.get(bucket, name);
    if (!meta) return notFound(res, 'No such file.');
    const bytes = await sources.objects.readAll(meta);
    // Only raster images are shown inline; everything else (SVG, HTML, scripts) is a download.
    const headers: Record<string, string> = isPreviewable(meta.contentType)
      ? { 'Content-Type': mediaTypeOf(meta.contentType) }
      : {
          'Content-Type': 'application/octet-stream',
          'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(name.split('/').pop() ?? 'file')}`,
        };
    send(res, 200, { ...headers, 'Content-Security-Policy': FILE_CSP }, bytes);
  }

  function exportCoverage(res: ServerResponse, service: string | null, format: string | null) {
    const coverage =
      service === 'firestore' || service === 'storage' ? sources.coverage()[service] : null;
    if (!coverage) return notFound(res, 'No rules are loaded for that service.');
    const base = `${service}-rules-coverage`;
    if (format === 'html') {
      return send(
        res,
        200,
        {
          'Content-Type': 'text/html; charset=utf-8',
          'Content-Disposition': `attachment; filename="${base}.html"`,
          'Content-Security-Policy': EXPORT_CSP,
        },
        coverageDocument(coverage),
      );
    }
    send(
      res,
      200,
      {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Disposition': `attachment; filename="${base}.json"`,
      },
      JSON.stringify(coverage.report(), null, 2),
    );
  }

  /** The Auth pages need the Auth emulator; it may be unknown, or not answering. */
  async function authGet(pathname: string, params: URLSearchParams): Promise<Html | null> {
    const auth = sources.auth;
    if (!auth) return authPage({ configured: false, users: [], csrf: csrf.token, message: '' });
    try {
      if (pathname === '/auth') {
        const after = params.get('after') ?? undefined;
        const list = await auth.list(USERS_PAGE_SIZE, after);
        return authPage({
          configured: true,
          ...list,
          after,
          csrf: csrf.token,
          message: doneNotice(params),
        });
      }
      const user = await auth.get(params.get('uid') ?? '');
      return user ? userPage(user, csrf.token, doneNotice(params)) : null;
    } catch (error) {
      if (error instanceof AuthEmulatorError) return authErrorPage(error.message);
      throw error;
    }
  }

  /** The state-changing requests: each needs this server's token and its own origin. */
  const ACTIONS: Record<string, (form: URLSearchParams) => Promise<ActionResult | null>> = {
    '/clear': async () => {
      await sources.clearAll();
      return { redirect: '/?cleared=1' };
    },
    '/firestore/value': (form) => saveValue(sources, firestoreView, form),
    '/firestore/value/delete': (form) => deleteValue(sources, firestoreView, form),
    '/firestore/document/create': (form) => addDocument(sources, firestoreView, form),
    '/firestore/document/delete': (form) => deleteDocument(sources, form),
    '/firestore/collection/create': (form) => addCollection(sources, firestoreView, form),
    '/firestore/collection/delete': (form) => deleteCollection(sources, form),
    '/firestore/usage/reset': async () => {
      sources.usage.reset();
      return { redirect: '/firestore?done=reset' };
    },
    '/coverage/reset': async (form) => {
      const service = form.get('service');
      if (service !== 'firestore' && service !== 'storage') return null;
      sources.coverage()[service as CoverageService]?.reset();
      return { redirect: '/coverage?done=reset' };
    },
    '/auth/create': async (form) =>
      sources.auth ? createUser(sources.auth, form, csrf.token) : null,
    '/auth/update': async (form) =>
      sources.auth ? updateUser(sources.auth, form, csrf.token) : null,
    '/auth/disable': async (form) => (sources.auth ? setDisabled(sources.auth, form) : null),
    '/auth/delete': async (form) => (sources.auth ? deleteUser(sources.auth, form) : null),
  };

  async function post(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void> {
    const action = Object.hasOwn(ACTIONS, pathname) ? ACTIONS[pathname]! : null;
    if (!action) return notFound(res, 'No such action.');
    const form = await readForm(req);
    if (!form || !csrf.accepts(req, port, form.get('csrf'))) {
      return sendPage(
        res,
        403,
        page(
          'Refused',
          '',
          html`<p>This request did not come from the data browser's own page.</p>`,
        ),
      );
    }
    let result: ActionResult | null;
    try {
      result = await action(form);
    } catch (error) {
      if (!(error instanceof AuthEmulatorError)) throw error;
      return sendPage(res, 502, authErrorPage(error.message));
    }
    if (result === null) return notFound(res, 'Nothing to change there (it may be gone).');
    if ('redirect' in result) return redirect(res, result.redirect);
    sendPage(res, result.status, result.page);
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // Every page is admin: a foreign Host (DNS rebinding) gets 421, a foreign web page 403.
    const verdict = gate.check(req, 'admin');
    if (!verdict.allowed) {
      return send(
        res,
        verdict.httpStatus,
        { 'Content-Type': 'text/plain; charset=utf-8' },
        `${verdict.message}\n`,
      );
    }
    const url = new URL(req.url ?? '/', 'http://localhost');
    const params = url.searchParams;
    const q = (key: string) => params.get(key);
    const method = req.method ?? 'GET';
    if (method === 'POST') return post(req, res, url.pathname);
    if (method !== 'GET' && method !== 'HEAD') {
      return send(
        res,
        405,
        { 'Content-Type': 'text/plain; charset=utf-8', Allow: 'GET, POST' },
        'Method not allowed.\n',
      );
    }
    switch (url.pathname) {
      case '/favicon.ico':
        res.writeHead(204, COMMON_HEADERS);
        return void res.end();
      case '/style.css':
        return send(res, 200, { 'Content-Type': 'text/css; charset=utf-8' }, STYLESHEET);
      case '/browser.js':
        return send(res, 200, { 'Content-Type': 'text/javascript; charset=utf-8' }, BROWSER_SCRIPT);
      case '/': {
        const sessions = sources.sessions();
        const requests = sources.requests();
        return sendPage(
          res,
          200,
          overviewPage(
            {
              ...counts(),
              listen: sessions.filter((s) => s.kind === 'Listen').length,
              write: sessions.filter((s) => s.kind === 'Write').length,
              allowed: requests.filter((r) => r.granted).length,
              denied: requests.filter((r) => !r.granted).length,
            },
            q('cleared') === '1',
          ),
        );
      }
      case '/firestore': {
        const view = firestorePage(
          firestoreView,
          q('path'),
          collectionViewOf(params),
          doneNotice(params),
        );
        return view
          ? sendPage(res, 200, view)
          : notFound(res, 'Not a database, collection or document path.');
      }
      case '/firestore/value': {
        const at = parseValuePath(q('at'));
        const view =
          at && valuePage(firestoreView, q('path') ?? '', at, q('add') === '1' ? 'add' : 'set');
        return view ? sendPage(res, 200, view) : notFound(res, 'No such document or value.');
      }
      case '/storage': {
        const view = storagePage(sources.objects, q('bucket'), q('prefix') ?? '');
        return view ? sendPage(res, 200, view) : notFound(res, 'No such bucket.');
      }
      case '/storage/object': {
        const view = objectPage(sources.objects, q('bucket') ?? '', q('name') ?? '');
        return view ? sendPage(res, 200, view) : notFound(res, 'No such file.');
      }
      case '/storage/raw':
        return serveFile(res, q('bucket') ?? '', q('name') ?? '');
      case '/auth':
      case '/auth/user': {
        const view = await authGet(url.pathname, params);
        return view ? sendPage(res, 200, view) : notFound(res, 'No such user.');
      }
      case '/requests':
        return sendPage(res, 200, requestsPage(sources.requests(), requestFilterOf(params)));
      case '/denials':
        return redirect(res, '/requests?outcome=denied');
      case '/coverage':
        return sendPage(
          res,
          200,
          coveragePage(
            sources.coverage(),
            csrf.token,
            options.firestorePort ?? null,
            doneNotice(params),
          ),
        );
      case '/coverage/export':
        return exportCoverage(res, q('service'), q('format'));
      case '/sessions':
        return sendPage(res, 200, sessionsPage(sources.sessions()));
      case '/clear':
        return sendPage(res, 200, clearPage(csrf.token, counts()));
      default:
        return notFound(res, 'No such page.');
    }
  }

  const server = http.createServer((req, res) => {
    route(req, res).catch((err: unknown) => {
      if (res.headersSent) return void res.destroy();
      send(
        res,
        500,
        { 'Content-Type': 'text/plain; charset=utf-8' },
        `Internal error: ${(err as Error).message}\n`,
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, HOST, () => {
      server.off('error', reject);
      resolve();
    });
  });
  port = (server.address() as AddressInfo).port;
  return {
    url: `http://${HOST}:${port}/`,
    port,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
