/**
 * Hostile uploads against the product's storage.rules: a refused upload is answered from what it
 * declares (headers, the multipart metadata part, the resumable start) while its bytes are still
 * unsent, and abandoned resumable uploads are released.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { startEmulator, type RunningEmulator } from '../../../src/index';
import { idToken } from '../../harness';
import { request } from '../../server/wire';

const PROJECT = 'demo-uploads';
const IDLE_MS = 300;
const MAX_UPLOADS = 3;
const storageRules = fs.readFileSync(path.join(__dirname, '../../../../../storage.rules'), 'utf8');

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startEmulator({
    projectId: PROJECT,
    firestorePort: 0,
    storagePort: 0,
    dataDir: null,
    watchRules: false,
    storageLimits: { uploads: { idleTimeoutMs: IDLE_MS, maxSessions: MAX_UPLOADS } },
    log: () => undefined,
  });
  expect(emulator.setStorageRules(storageRules)).toEqual([]);
});
afterAll(async () => {
  await emulator?.stop();
});

const auth = (uid: string) => `Bearer ${idToken(uid, PROJECT)}`;
const objectUrl = (name: string) => `/v0/b/bucket/o?name=${encodeURIComponent(name)}`;

/**
 * Sends a request's head and the first part of its body, never the rest, and resolves with the
 * status line of the answer; the server can only answer from what it has been told so far.
 */
function answerBeforeBody(head: string, start = ''): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(emulator.storagePort, '127.0.0.1', () => socket.write(head + start));
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1');
      const line = text.indexOf('\r\n');
      if (line >= 0) {
        socket.destroy();
        resolve(text.slice(0, line));
      }
    });
    socket.on('error', reject);
    socket.on('close', () =>
      reject(new Error(`closed without an answer: ${JSON.stringify(text)}`)),
    );
  });
}

const headOf = (pathAndQuery: string, headers: Record<string, string | number>) =>
  `POST ${pathAndQuery} HTTP/1.1\r\nHost: 127.0.0.1:${emulator.storagePort}\r\n${Object.entries(
    headers,
  )
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('')}\r\n`;

describe('refused before the body is read', () => {
  test.each([
    {
      title: 'a media upload by a signed-out client',
      path: 'mallory/posts/a.png',
      by: null,
      length: 4 * 1024 * 1024,
    },
    {
      title: 'a media upload declaring more than the rules allow',
      path: 'mallory/posts/big.png',
      by: 'mallory',
      length: 100 * 1024 * 1024,
    },
    {
      title: "a media upload into another member's folder",
      path: 'alice/posts/a.png',
      by: 'mallory',
      length: 1000,
    },
  ])('$title', async ({ path, by, length }) => {
    const head = headOf(objectUrl(path), {
      ...(by ? { Authorization: auth(by) } : {}),
      'Content-Type': 'image/png',
      'Content-Length': length,
    });
    expect(await answerBeforeBody(head)).toBe('HTTP/1.1 403 Forbidden');
  });

  test('a multipart upload whose metadata part declares SVG', async () => {
    const boundary = 'b0undary';
    const start =
      `--${boundary}\r\nContent-Type: application/json; charset=utf-8\r\n\r\n` +
      `${JSON.stringify({ name: 'mallory/posts/x.svg', contentType: 'image/svg+xml' })}\r\n` +
      `--${boundary}\r\nContent-Type: image/svg+xml\r\n\r\n`;
    const head = headOf(objectUrl('mallory/posts/x.svg'), {
      Authorization: auth('mallory'),
      'X-Goog-Upload-Protocol': 'multipart',
      'Content-Type': `multipart/related; boundary=${boundary}`,
      'Content-Length': start.length + 2 * 1024 * 1024,
    });
    expect(await answerBeforeBody(head, start)).toBe('HTTP/1.1 403 Forbidden');
  });

  test('a resumable upload is refused at its start from the declared length', async () => {
    const res = await request(
      `http://127.0.0.1:${emulator.storagePort}${objectUrl('mallory/posts/r.png')}`,
      {
        method: 'POST',
        headers: {
          Authorization: auth('mallory'),
          'Content-Type': 'application/json',
          'X-Goog-Upload-Protocol': 'resumable',
          'X-Goog-Upload-Command': 'start',
          'X-Goog-Upload-Header-Content-Length': String(50 * 1024 * 1024),
          'X-Goog-Upload-Header-Content-Type': 'image/png',
        },
        body: JSON.stringify({ name: 'mallory/posts/r.png', contentType: 'image/png' }),
      },
    );
    expect(res.status).toBe(403);
  });

  test('an allowed multipart upload still goes through', async () => {
    const boundary = 'ok';
    const body =
      `--${boundary}\r\nContent-Type: application/json; charset=utf-8\r\n\r\n` +
      `${JSON.stringify({ name: 'mallory/posts/ok.png', contentType: 'image/png' })}\r\n` +
      `--${boundary}\r\nContent-Type: image/png\r\n\r\nPNGBYTES\r\n--${boundary}--`;
    const res = await request(
      `http://127.0.0.1:${emulator.storagePort}${objectUrl('mallory/posts/ok.png')}`,
      {
        method: 'POST',
        headers: {
          Authorization: auth('mallory'),
          'X-Goog-Upload-Protocol': 'multipart',
          'Content-Type': `multipart/related; boundary=${boundary}`,
        },
        body,
      },
    );
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text)).toMatchObject({ size: '8', contentType: 'image/png' });
  });
});

describe('resumable uploads', () => {
  const base = () => `http://127.0.0.1:${emulator.storagePort}`;

  async function startUpload(
    file: string,
    length: number,
  ): Promise<{ status: number; url: string }> {
    const res = await request(`${base()}${objectUrl(`mallory/posts/${file}`)}`, {
      method: 'POST',
      headers: {
        Authorization: auth('mallory'),
        'Content-Type': 'application/json',
        'X-Goog-Upload-Protocol': 'resumable',
        'X-Goog-Upload-Command': 'start',
        'X-Goog-Upload-Header-Content-Length': String(length),
        'X-Goog-Upload-Header-Content-Type': 'image/png',
      },
      body: JSON.stringify({ name: `mallory/posts/${file}`, contentType: 'image/png' }),
    });
    return { status: res.status, url: String(res.headers['x-goog-upload-url'] ?? '') };
  }

  const chunk = (url: string, offset: number, body: string) =>
    request(url, {
      method: 'POST',
      headers: {
        Authorization: auth('mallory'),
        'X-Goog-Upload-Command': 'upload',
        'X-Goog-Upload-Offset': String(offset),
      },
      body,
    });

  const inProgress = async () =>
    (
      JSON.parse((await request(`${base()}/healthz`)).text) as {
        uploadsInProgress: { sessions: number; bytes: number };
      }
    ).uploadsInProgress;

  test('a chunk beyond the declared length is refused', async () => {
    const { url } = await startUpload('short.png', 10);
    expect((await chunk(url, 0, 'x'.repeat(11))).status).toBe(413);
    expect((await chunk(url, 0, 'x'.repeat(10))).status).toBe(200);
  });

  test('an abandoned upload is released after the idle time-out', async () => {
    const { url } = await startUpload('abandoned.png', 1000);
    expect((await chunk(url, 0, 'x'.repeat(600))).status).toBe(200);
    expect((await inProgress()).bytes).toBeGreaterThanOrEqual(600);

    await new Promise((r) => setTimeout(r, IDLE_MS * 4));
    expect(await inProgress()).toEqual({ sessions: 0, bytes: 0 });
    expect((await chunk(url, 600, 'x')).status).toBe(404);
  });

  test(`at most ${MAX_UPLOADS} uploads are in progress at once`, async () => {
    await new Promise((r) => setTimeout(r, IDLE_MS * 4));
    const started = [];
    for (let i = 0; i < MAX_UPLOADS; i++) started.push(await startUpload(`many${i}.png`, 100));
    expect(started.map((s) => s.status)).toEqual(Array(MAX_UPLOADS).fill(200));
    expect((await startUpload('one-more.png', 100)).status).toBe(429);
  });
});
