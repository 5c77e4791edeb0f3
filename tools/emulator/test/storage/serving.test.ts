import http from 'node:http';
import { gzipSync } from 'node:zlib';
import { BUCKET, startStorage, type RunningStorage } from './helpers';

/**
 * How downloads are served, as Cloud Storage serves them (no rules here: what the server does
 * with whatever was stored; the product's rules refuse these uploads, test/rules):
 * - `contentEncoding: gzip` objects by decompressive transcoding
 *   (https://cloud.google.com/storage/docs/transcoding): as stored, with `Content-Encoding: gzip`,
 *   to a client that accepts gzip (every browser, which then inflates it), inflated on the way to
 *   one that does not, and as stored whatever the client says under `Cache-Control: no-transform`;
 * - `contentDisposition` as its owner set it;
 * - every answer with `X-Content-Type-Options: nosniff`.
 */

let emulator: RunningStorage;
beforeAll(async () => {
  emulator = await startStorage();
});
afterAll(async () => {
  await emulator.close();
});

const INFLATED = 200 * 1024 * 1024;
/** 200 MiB of zeros, gzipped: about 204 KB on the wire and on disk. */
const BOMB = gzipSync(Buffer.alloc(INFLATED), { level: 9 });

async function upload(name: string, metadata: Record<string, string>, bytes: Buffer) {
  const boundary = 'b0undary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Type: application/json; charset=utf-8\r\n\r\n` +
        `${JSON.stringify({ name, contentType: 'image/png', ...metadata })}\r\n` +
        `--${boundary}\r\nContent-Type: image/png\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--`),
  ]);
  const response = await fetch(
    `${emulator.base}/v0/b/${BUCKET}/o?name=${encodeURIComponent(name)}`,
    {
      method: 'POST',
      headers: {
        'X-Goog-Upload-Protocol': 'multipart',
        'Content-Type': `multipart/related; boundary=${boundary}`,
      },
      body,
    },
  );
  expect(response.status).toBe(200);
}

interface Download {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Bytes received; the body itself is kept only when `keep` (an inflated bomb is not). */
  length: number;
  body: Buffer | null;
  aborted: boolean;
}

/** A download with exactly these request headers (fetch would add Accept-Encoding and inflate). */
function download(name: string, headers: Record<string, string>, keep = true): Promise<Download> {
  return new Promise((resolve) => {
    const req = http.get(
      `${emulator.base}/v0/b/${BUCKET}/o/${encodeURIComponent(name)}?alt=media`,
      { headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        let length = 0;
        res.on('data', (chunk: Buffer) => {
          length += chunk.length;
          if (keep) chunks.push(chunk);
        });
        const done = (aborted: boolean) =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            length,
            body: keep ? Buffer.concat(chunks) : null,
            aborted,
          });
        res.on('end', () => done(false));
        res.on('aborted', () => done(true));
        res.on('error', () => done(true));
      },
    );
    // Hung up before any answer: reported as aborted, as one cut off midway.
    req.on('error', () =>
      resolve({ status: 0, headers: {}, length: 0, body: null, aborted: true }),
    );
  });
}

const CHROMIUM_ACCEPT = 'gzip, deflate, br, zstd';

describe('a 204 KB upload with contentEncoding gzip that inflates to 200 MiB', () => {
  beforeAll(async () => {
    expect(BOMB.length).toBeLessThan(210 * 1024);
    await upload('bomb.png', { contentEncoding: 'gzip' }, BOMB);
  });

  test('a browser (accepts gzip) gets the stored bytes with Content-Encoding: gzip', async () => {
    const served = await download('bomb.png', { 'Accept-Encoding': CHROMIUM_ACCEPT });
    expect({
      status: served.status,
      encoding: served.headers['content-encoding'],
      length: served.headers['content-length'],
      nosniff: served.headers['x-content-type-options'],
    }).toEqual({
      status: 200,
      encoding: 'gzip',
      length: String(BOMB.length),
      nosniff: 'nosniff',
    });
    expect(served.body!.equals(BOMB)).toBe(true);
  });

  test('a client that does not accept gzip gets it inflated, streamed, with no length', async () => {
    for (const accept of [undefined, 'identity', 'gzip;q=0, deflate']) {
      const served = await download('bomb.png', accept ? { 'Accept-Encoding': accept } : {}, false);
      expect({
        accept,
        status: served.status,
        encoding: served.headers['content-encoding'],
        length: served.headers['content-length'],
        chunked: served.headers['transfer-encoding'],
        received: served.length,
      }).toEqual({
        accept,
        status: 200,
        encoding: undefined,
        length: undefined,
        chunked: 'chunked',
        received: INFLATED,
      });
    }
  }, 120_000);

  test('a Range of a transcoded object is answered with the whole object', async () => {
    const served = await download('bomb.png', { Range: 'bytes=0-9' }, false);
    expect({ status: served.status, received: served.length }).toEqual({
      status: 200,
      received: INFLATED,
    });
  }, 120_000);

  test('Cache-Control: no-transform serves the stored bytes to every client', async () => {
    await upload('kept.png', { contentEncoding: 'gzip', cacheControl: 'no-transform' }, BOMB);
    const served = await download('kept.png', {});
    expect(served.headers['content-encoding']).toBe('gzip');
    expect(served.body!.equals(BOMB)).toBe(true);
  });

  test('stored bytes that are not gzip end the answer instead of a server error', async () => {
    await upload('fake.png', { contentEncoding: 'gzip' }, Buffer.from('not gzip at all'));
    const served = await download('fake.png', {});
    expect(served.aborted).toBe(true);
    const health = await fetch(`${emulator.base}/healthz`);
    expect(health.status).toBe(200);
  });
});

test('a contentDisposition naming an .html file is served as its owner set it, with nosniff', async () => {
  await upload(
    'page.png',
    { contentDisposition: 'attachment; filename="evil.html"' },
    Buffer.from('<html><script>alert(1)</script></html>'),
  );
  const served = await download('page.png', { 'Accept-Encoding': CHROMIUM_ACCEPT });
  expect({
    type: served.headers['content-type'],
    disposition: served.headers['content-disposition'],
    nosniff: served.headers['x-content-type-options'],
  }).toEqual({
    type: 'image/png',
    disposition: 'attachment; filename="evil.html"',
    nosniff: 'nosniff',
  });
});

test('metadata answers and errors carry nosniff too', async () => {
  const metadata = await fetch(`${emulator.base}/v0/b/${BUCKET}/o/page.png`);
  const missing = await fetch(`${emulator.base}/v0/b/${BUCKET}/o/none.png?alt=media`);
  expect([metadata.status, missing.status]).toEqual([200, 404]);
  expect(metadata.headers.get('x-content-type-options')).toBe('nosniff');
  expect(missing.headers.get('x-content-type-options')).toBe('nosniff');
});
