// Collects every JavaScript response a page receives, with its raw and gzip-compressed size (the
// body is read decoded, and its gzip size computed here at one fixed level, so the budgets do not
// depend on how the server compresses).
import zlib from 'node:zlib';

export function collectJs(page) {
  const files = new Map();
  let lastAt = Date.now();
  const pending = [];
  page.on('response', (response) => {
    const url = response.url();
    const isJs =
      response.request().resourceType() === 'script' || /\.m?js(\?|$)/.test(new URL(url).pathname);
    if (!isJs || files.has(url) || response.status() !== 200) return;
    lastAt = Date.now();
    const read = response
      .body()
      .then((body) => {
        files.set(url, {
          url,
          bytes: body.length,
          gzip: zlib.gzipSync(body, { level: 6 }).length,
          text: body.toString('utf8'),
        });
        lastAt = Date.now();
      })
      .catch(() => undefined);
    pending.push(read);
  });
  return {
    files,
    /** Resolves once no new script arrived for `quietMs` and every body was read. */
    async settle(quietMs = 1200, maxMs = 15_000) {
      const started = Date.now();
      while (Date.now() - lastAt < quietMs && Date.now() - started < maxMs) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await Promise.all(pending);
    },
    reset() {
      files.clear();
      pending.length = 0;
      lastAt = Date.now();
    },
  };
}

export const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;
