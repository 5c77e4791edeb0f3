import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { clearPage, denialsPage, overviewPage, sessionsPage } from './activity-pages';
import { firestorePage } from './firestore-pages';
import { RequestGate } from '../common/request-gate';
import { CsrfGuard } from './guard';
import { html, type Html } from './html';
import { page, STYLESHEET } from './layout';
import type { BrowserSources } from './sources';
import { isPreviewable, mediaTypeOf, objectPage, storagePage } from './storage-pages';

export interface DataBrowserOptions {
  /** 0 picks a free port. */
  port: number;
  /** Whose database `/firestore` opens when the data holds none. */
  projectId: string;
}

export interface RunningDataBrowser {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** The data browser binds loopback only, whatever host the emulator itself listens on. */
const HOST = '127.0.0.1';
const FORM_LIMIT = 4096;

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
  "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";
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
  // Loopback names only, whatever the emulator itself answers to.
  const gate = new RequestGate();
  let port = 0;

  const counts = () => ({
    documents: sources.engine.documentNames('projects/').length,
    files: sources.objects.all().length,
  });

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

  async function clear(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const form = await readForm(req);
    if (!csrf.accepts(req, port, form?.get('csrf') ?? null)) {
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
    await sources.clearAll();
    res.writeHead(303, { ...COMMON_HEADERS, Location: '/?cleared=1', 'Content-Length': 0 });
    res.end();
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!gate.hostAllowed(req)) {
      return send(
        res,
        421,
        { 'Content-Type': 'text/plain; charset=utf-8' },
        'The data browser answers only on localhost.\n',
      );
    }
    const url = new URL(req.url ?? '/', 'http://localhost');
    const q = (key: string) => url.searchParams.get(key);
    const method = req.method ?? 'GET';
    if (method === 'POST' && url.pathname === '/clear') return clear(req, res);
    if (method !== 'GET' && method !== 'HEAD') {
      return send(
        res,
        405,
        { 'Content-Type': 'text/plain; charset=utf-8', Allow: 'GET' },
        'Method not allowed.\n',
      );
    }
    switch (url.pathname) {
      case '/style.css':
        return send(res, 200, { 'Content-Type': 'text/css; charset=utf-8' }, STYLESHEET);
      case '/': {
        const sessions = sources.sessions();
        return sendPage(
          res,
          200,
          overviewPage(
            {
              ...counts(),
              listen: sessions.filter((s) => s.kind === 'Listen').length,
              write: sessions.filter((s) => s.kind === 'Write').length,
              denials: sources.denials().length,
            },
            q('cleared') === '1',
          ),
        );
      }
      case '/firestore': {
        const start = Math.max(0, Math.floor(Number(q('start') ?? 0)) || 0);
        const view = firestorePage(sources.engine, q('path'), options.projectId, start);
        return view
          ? sendPage(res, 200, view)
          : notFound(res, 'Not a database, collection or document path.');
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
      case '/sessions':
        return sendPage(res, 200, sessionsPage(sources.sessions()));
      case '/denials':
        return sendPage(res, 200, denialsPage(sources.denials()));
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
