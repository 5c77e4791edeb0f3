/**
 * Upload bodies are streamed to a file as they arrive, never held whole in memory: a slow, huge
 * body grows a staged file in the data directory, not the server's buffers; an over-limit body is
 * cut off once over; a body that never completes leaves no file behind, and neither does a
 * resumable upload that is cancelled or whose chunk is cut off halfway.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startEmulator, type RunningEmulator } from '../../../src/index';
import { request } from '../../server/wire';

const MIB = 1024 * 1024;
const MAX_OBJECT = 100 * MIB;
/** The slow body: big enough that holding it would stand out from garbage not yet collected. */
const HUGE = 96 * MIB;
const OPEN_RULES = `rules_version = '2';
service firebase.storage { match /b/{bucket}/o { match /{all=**} { allow read, write: if true; } } }`;

let dataDir: string;
let emulator: RunningEmulator;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-streaming-'));
  emulator = await startEmulator({
    projectId: 'demo-streaming',
    firestorePort: 0,
    storagePort: 0,
    dataDir,
    watchRules: false,
    storageLimits: { maxObjectBytes: MAX_OBJECT },
    log: () => undefined,
  });
  expect(emulator.setStorageRules(OPEN_RULES)).toEqual([]);
});
afterAll(async () => {
  await emulator?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const storageDir = () => path.join(dataDir, 'storage');
/** Sizes of the upload files being received now. */
const stagedSizes = (): number[] =>
  fs
    .readdirSync(storageDir())
    .filter((f) => f.startsWith('upload.tmp-'))
    .map((f) => fs.statSync(path.join(storageDir(), f)).size);
const objectUrl = (name: string) => `/v0/b/bucket/o?name=${encodeURIComponent(name)}`;

async function until(condition: () => boolean, what: string, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** A raw connection sending a chunked media upload piece by piece. */
function chunkedUpload(name: string) {
  const socket = net.connect(emulator.storagePort, '127.0.0.1');
  socket.on('error', () => undefined);
  let answer = '';
  socket.on('data', (data) => (answer += data.toString('latin1')));
  socket.write(
    `POST ${objectUrl(name)} HTTP/1.1\r\nHost: 127.0.0.1:${emulator.storagePort}\r\nContent-Type: image/png\r\n` +
      `Transfer-Encoding: chunked\r\n\r\n`,
  );
  return {
    send: (bytes: Buffer) =>
      new Promise<void>((resolve) => {
        socket.write(`${bytes.length.toString(16)}\r\n`);
        socket.write(bytes);
        if (socket.write('\r\n')) resolve();
        else socket.once('drain', () => resolve());
      }),
    end: () => socket.write('0\r\n\r\n'),
    statusLine: () => answer.split('\r\n')[0] ?? '',
    destroy: () => socket.destroy(),
  };
}

test('a slow huge media body grows a staged file, not the server memory', async () => {
  const upload = chunkedUpload('slow/huge.png');
  const before = process.memoryUsage().arrayBuffers;
  let peak = before;
  const piece = Buffer.alloc(MIB, 7);
  for (let sent = 1; sent <= HUGE / MIB; sent++) {
    await upload.send(piece);
    // The server has taken this piece: it is in the file, not in a buffer waiting to be joined.
    await until(() => stagedSizes().some((size) => size >= (sent - 1) * MIB), 'the staged file');
    peak = Math.max(peak, process.memoryUsage().arrayBuffers);
  }
  upload.end();
  await until(() => upload.statusLine() !== '', 'the answer');
  expect(upload.statusLine()).toBe('HTTP/1.1 200 OK');
  upload.destroy();
  // 96 MiB went through; the process's buffers (the test client's included, and chunks not yet
  // collected) never held anything near that.
  expect(peak - before).toBeLessThan(HUGE / 2);
  const stored = await request(
    `http://127.0.0.1:${emulator.storagePort}/v0/b/bucket/o/${encodeURIComponent('slow/huge.png')}`,
  );
  expect(JSON.parse(stored.text)).toMatchObject({ size: String(HUGE) });
  // Moved into place: no staged file is left.
  expect(stagedSizes()).toEqual([]);
});

test('an over-limit body is answered 413 once over, before it ends, and its file removed', async () => {
  const upload = chunkedUpload('over/limit.png');
  const piece = Buffer.alloc(MIB, 1);
  for (let sent = 0; sent <= MAX_OBJECT; sent += MIB) await upload.send(piece);
  // One piece over the limit and the body is not finished: only a server that stopped at the
  // limit can answer now.
  await until(() => upload.statusLine() !== '', 'the answer');
  expect(upload.statusLine()).toBe('HTTP/1.1 413 Payload Too Large');
  upload.destroy();
  await until(() => stagedSizes().length === 0, 'the staged file to go');
});

test('a body the client never finishes leaves no file behind', async () => {
  const upload = chunkedUpload('gone/away.png');
  await upload.send(Buffer.alloc(2 * MIB, 3));
  await until(() => stagedSizes().some((size) => size > 0), 'the staged file');
  upload.destroy();
  await until(() => stagedSizes().length === 0, 'the staged file to go');
});

describe('resumable uploads', () => {
  const base = () => `http://127.0.0.1:${emulator.storagePort}`;
  async function start(name: string): Promise<string> {
    const res = await request(`${base()}${objectUrl(name)}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-Goog-Upload-Protocol': 'resumable',
        'X-Goog-Upload-Command': 'start',
        'X-Goog-Upload-Header-Content-Type': 'image/png',
      },
      body: JSON.stringify({ name, contentType: 'image/png' }),
    });
    expect(res.status).toBe(200);
    return String(res.headers['x-goog-upload-url']);
  }
  const command = (url: string, cmd: string, body = '', offset?: number) =>
    request(url, {
      method: 'POST',
      headers: {
        'X-Goog-Upload-Command': cmd,
        ...(offset === undefined ? {} : { 'X-Goog-Upload-Offset': String(offset) }),
      },
      body,
    });

  test('chunks are appended to one file, a cut-off chunk is taken back, the object is whole', async () => {
    const url = await start('resumable/whole.png');
    expect((await command(url, 'upload', 'a'.repeat(1000), 0)).status).toBe(200);
    expect(stagedSizes()).toEqual([1000]);

    // A chunk whose connection drops halfway through its body.
    const target = new URL(url);
    const socket = net.connect(emulator.storagePort, '127.0.0.1');
    socket.on('error', () => undefined);
    socket.write(
      `POST ${target.pathname}${target.search} HTTP/1.1\r\nHost: 127.0.0.1:${emulator.storagePort}\r\n` +
        `X-Goog-Upload-Command: upload\r\nX-Goog-Upload-Offset: 1000\r\nContent-Length: 5000\r\n\r\n` +
        'b'.repeat(2000),
    );
    await until(() => stagedSizes()[0] === 3000, 'the half chunk in the file');
    socket.destroy();
    await until(() => stagedSizes()[0] === 1000, 'the half chunk taken back');
    const query = await command(url, 'query');
    expect(query.headers['x-goog-upload-size-received']).toBe('1000');

    const final = await command(url, 'upload, finalize', 'c'.repeat(500), 1000);
    expect(final.status).toBe(200);
    expect(JSON.parse(final.text)).toMatchObject({ size: '1500' });
    const media = await request(
      `${base()}/v0/b/bucket/o/${encodeURIComponent('resumable/whole.png')}?alt=media`,
    );
    expect(media.text).toBe('a'.repeat(1000) + 'c'.repeat(500));
    expect(stagedSizes()).toEqual([]);
  });

  test('a cancelled upload leaves no file behind', async () => {
    const url = await start('resumable/cancelled.png');
    expect((await command(url, 'upload', 'x'.repeat(4096), 0)).status).toBe(200);
    expect(stagedSizes()).toEqual([4096]);
    expect((await command(url, 'cancel')).status).toBe(200);
    await until(() => stagedSizes().length === 0, 'the staged file to go');
  });
});
