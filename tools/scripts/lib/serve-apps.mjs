// Serves the production builds (each app's dist/) the way a CDN would: compressed (Firebase Hosting
// sends gzip or brotli; Lighthouse times every transfer at slow 4G), content-hashed files cached
// for a year, the files a deploy switches (index.html, remoteEntry.js, mf-manifest.json, JSON
// config) always revalidated. remotes.json and runtime-config.json are answered from the given
// objects, so one set of builds can point at any backend and any remote URLs. Every response of
// serveApps carries the security headers Firebase Hosting sends (tools/build-config/security-headers.cjs),
// with a CSP made for the origins and emulators of this run.
import http from 'node:http';
import path from 'node:path';
import compression from 'compression';
import sirv from 'sirv';
import { REMOTES } from 'build-config/federation.cjs';
import { securityHeaders } from 'build-config/security-headers.cjs';
import { ROOT } from './backend.mjs';

/** App name → folder: the shell and every remote of the list (remote-list/remotes.json). */
export const APPS = {
  shell: 'shell',
  ...Object.fromEntries(Object.entries(REMOTES).map(([name, { folder }]) => [name, folder])),
};

const HASHED = /\.[0-9a-f]{10}\.[a-z0-9]+$/;
export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

export function cacheControlFor(pathname) {
  return HASHED.test(pathname) ? IMMUTABLE : REVALIDATE;
}

/**
 * Serves one folder. `files` maps a path ('/remotes.json') to a JSON value served instead of disk;
 * `headers` gives headers sent with every response.
 * @param {{ dir: string, port: number, host?: string, files?: Record<string, () => unknown>, headers?: () => Record<string, string> }} options
 */
export function serveDir({ dir, port, host = '127.0.0.1', files = {}, headers = () => ({}) }) {
  const serveStatic = sirv(dir, {
    single: true,
    etag: true,
    dotfiles: false,
    setHeaders(res, pathname) {
      res.setHeader(
        'Cache-Control',
        pathname.endsWith('.html') ? REVALIDATE : cacheControlFor(pathname),
      );
    },
  });
  const compress = compression();
  const server = http.createServer((req, res) => compress(req, res, () => respond(req, res)));
  function respond(req, res) {
    res.setHeader('Access-Control-Allow-Origin', '*');
    for (const [name, value] of Object.entries(headers())) res.setHeader(name, value);
    const pathname = new URL(req.url ?? '/', 'http://x').pathname;
    const make = files[pathname];
    if (make) {
      const body = JSON.stringify(make());
      res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': REVALIDATE });
      res.end(body);
      return;
    }
    serveStatic(req, res, () => {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      res.end('Not found');
    });
  }
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

/**
 * Serves every app's dist/ on its own port.
 * @param {{ ports: Record<keyof APPS, number>, host?: string, runtimeConfig: () => unknown, remotesJson: () => unknown, dirs?: Partial<Record<keyof APPS, string>> }} options
 */
export async function serveApps({
  ports,
  host = '127.0.0.1',
  runtimeConfig,
  remotesJson,
  dirs = {},
}) {
  const urls = Object.fromEntries(
    Object.keys(APPS).map((name) => [name, `http://${host}:${ports[name]}`]),
  );
  // Remote origins differ per run (free ports): the CSP is made from the ones served here.
  const headers = () =>
    securityHeaders({
      appOrigins: Object.values(urls),
      emulators: /** @type {{ emulators?: any }} */ (runtimeConfig()).emulators ?? null,
    });
  const servers = await Promise.all(
    Object.entries(APPS).map(([name, folder]) =>
      serveDir({
        dir: dirs[name] ?? path.join(ROOT, folder, 'dist'),
        port: ports[name],
        host,
        files: { '/runtime-config.json': runtimeConfig, '/remotes.json': remotesJson },
        headers,
      }),
    ),
  );
  return {
    urls,
    stop: () =>
      Promise.all(
        servers.map(
          (server) =>
            new Promise((resolve) => {
              server.close(() => resolve());
              server.closeAllConnections();
            }),
        ),
      ),
  };
}
