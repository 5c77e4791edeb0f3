import { createHash } from 'node:crypto';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  deleteObject,
  getBytes,
  getDownloadURL,
  getMetadata,
  list,
  listAll,
  ref,
  updateMetadata,
  uploadBytes,
  uploadBytesResumable,
  uploadString,
  type FirebaseStorage,
} from 'firebase/storage';
import { BUCKET, patternBytes, startStorage, storageClient, type RunningStorage } from './helpers';

let emulator: RunningStorage;
let client: ReturnType<typeof storageClient>;
let storage: FirebaseStorage;

beforeAll(async () => {
  emulator = await startStorage();
  client = storageClient(emulator.port);
  storage = client.storage;
});

afterAll(async () => {
  await client.close();
  await emulator.close();
});

describe('Storage emulator with the real SDK (no rules)', () => {
  test('uploadBytes stores the bytes and answers the metadata the SDK reads', async () => {
    const bytes = new TextEncoder().encode('hello storage');
    const result = await uploadBytes(ref(storage, 'u1/posts/hello.txt'), bytes, {
      contentType: 'text/plain',
      cacheControl: 'max-age=60',
      customMetadata: { caption: 'first' },
    });
    const meta = result.metadata;
    expect(meta.fullPath).toBe('u1/posts/hello.txt');
    expect(meta.name).toBe('hello.txt');
    expect(meta.bucket).toBe(BUCKET);
    expect(meta.size).toBe(bytes.length);
    expect(meta.contentType).toBe('text/plain');
    expect(meta.cacheControl).toBe('max-age=60');
    expect(meta.customMetadata).toEqual({ caption: 'first' });
    expect(meta.md5Hash).toBe(createHash('md5').update(bytes).digest('base64'));
    expect(meta.generation).toMatch(/^\d+$/);
    expect(meta.metageneration).toBe('1');
    expect(Number.isNaN(Date.parse(meta.timeCreated))).toBe(false);
    expect(meta.updated).toBe(meta.timeCreated);
  });

  test('uploadString, getDownloadURL and a download without credentials', async () => {
    const target = ref(storage, 'u1/pfps/me.txt');
    await uploadString(
      target,
      'data:text/plain;base64,' + Buffer.from('pfp!').toString('base64'),
      'data_url',
    );
    const url = await getDownloadURL(target);
    expect(url).toMatch(
      new RegExp(
        `^http://127\\.0\\.0\\.1:${emulator.port}/v0/b/${BUCKET}/o/u1%2Fpfps%2Fme\\.txt\\?alt=media&token=`,
      ),
    );
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain');
    expect(await response.text()).toBe('pfp!');
  });

  test('a Range request answers 206 with the slice and Content-Range', async () => {
    const bytes = patternBytes(1000);
    const target = ref(storage, 'u1/posts/range.bin');
    await uploadBytes(target, bytes);
    const url = await getDownloadURL(target);
    const response = await fetch(url, { headers: { Range: 'bytes=100-199' } });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe('bytes 100-199/1000');
    expect(response.headers.get('content-length')).toBe('100');
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes.slice(100, 200));

    const suffix = await fetch(url, { headers: { Range: 'bytes=-10' } });
    expect(suffix.status).toBe(206);
    expect(new Uint8Array(await suffix.arrayBuffer())).toEqual(bytes.slice(990));

    const beyond = await fetch(url, { headers: { Range: 'bytes=5000-' } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe('bytes */1000');
  });

  test('getBytes downloads through the SDK (alt=media with the SDK headers)', async () => {
    const bytes = patternBytes(5000);
    await uploadBytes(ref(storage, 'u1/posts/bytes.bin'), bytes);
    const all = Buffer.from(await getBytes(ref(storage, 'u1/posts/bytes.bin')));
    expect(all.equals(bytes)).toBe(true);
    const head = Buffer.from(await getBytes(ref(storage, 'u1/posts/bytes.bin'), 10));
    expect(head.equals(bytes.subarray(0, 10))).toBe(true);
  });

  test('getMetadata and updateMetadata (set, clear and merge custom keys)', async () => {
    const target = ref(storage, 'u1/posts/meta.txt');
    await uploadString(target, 'x', 'raw', {
      contentType: 'text/plain',
      contentLanguage: 'en',
      customMetadata: { a: '1', b: '2' },
    });
    const updated = await updateMetadata(target, {
      contentLanguage: null as unknown as undefined,
      cacheControl: 'no-cache',
      customMetadata: { b: '3', c: '4' },
    });
    expect(updated.metageneration).toBe('2');
    expect(updated.cacheControl).toBe('no-cache');
    expect(updated.contentLanguage).toBeUndefined();
    expect(updated.customMetadata).toEqual({ a: '1', b: '3', c: '4' });
    const read = await getMetadata(target);
    expect(read.customMetadata).toEqual({ a: '1', b: '3', c: '4' });
    expect(read.contentType).toBe('text/plain');
    expect(Date.parse(read.updated)).toBeGreaterThanOrEqual(Date.parse(read.timeCreated));
  });

  test('deleteObject removes the object; later reads fail with object-not-found', async () => {
    const target = ref(storage, 'u1/posts/gone.txt');
    await uploadString(target, 'bye');
    await deleteObject(target);
    await expect(getMetadata(target)).rejects.toMatchObject({ code: 'storage/object-not-found' });
    await expect(deleteObject(target)).rejects.toMatchObject({ code: 'storage/object-not-found' });
  });

  test('listAll and list with pages, prefixes and delimiter', async () => {
    const names = ['a.txt', 'b.txt', 'c.txt', 'd.txt', 'e.txt', 'sub/x.txt', 'sub/deeper/y.txt'];
    for (const name of names) await uploadString(ref(storage, `lister/${name}`), name);
    const all = await listAll(ref(storage, 'lister'));
    expect(all.items.map((item) => item.fullPath)).toEqual(
      ['a.txt', 'b.txt', 'c.txt', 'd.txt', 'e.txt'].map((n) => `lister/${n}`),
    );
    expect(all.prefixes.map((prefix) => prefix.fullPath)).toEqual(['lister/sub']);

    const seen: string[] = [];
    let pageToken: string | undefined;
    let pages = 0;
    do {
      const page = await list(ref(storage, 'lister'), { maxResults: 2, pageToken });
      expect(page.items.length + page.prefixes.length).toBeLessThanOrEqual(2);
      seen.push(
        ...page.items.map((i) => i.fullPath),
        ...page.prefixes.map((p) => `${p.fullPath}/`),
      );
      pageToken = page.nextPageToken;
      pages++;
    } while (pageToken);
    expect(pages).toBe(3);
    expect(seen).toEqual([
      'lister/a.txt',
      'lister/b.txt',
      'lister/c.txt',
      'lister/d.txt',
      'lister/e.txt',
      'lister/sub/',
    ]);
    const deeper = await listAll(ref(storage, 'lister/sub'));
    expect(deeper.items.map((i) => i.name)).toEqual(['x.txt']);
    expect(deeper.prefixes.map((p) => p.name)).toEqual(['deeper']);
  });

  test('uploadBytesResumable sends a large file in several chunks with progress events', async () => {
    const bytes = patternBytes(900 * 1024 + 17);
    const task = uploadBytesResumable(ref(storage, 'u1/posts/big.bin'), bytes, {
      contentType: 'application/octet-stream',
    });
    const progress: number[] = [];
    task.on('state_changed', (snapshot) => progress.push(snapshot.bytesTransferred));
    const done = await task;
    expect(done.metadata.size).toBe(bytes.length);
    expect(done.metadata.md5Hash).toBe(createHash('md5').update(bytes).digest('base64'));
    // 256 KiB, then 512 KiB, then the rest: at least three chunk acknowledgements.
    const distinct = [...new Set(progress)];
    expect(distinct.length).toBeGreaterThanOrEqual(3);
    expect(distinct).toEqual([...distinct].sort((a, b) => a - b));
    expect(distinct[distinct.length - 1]).toBe(bytes.length);
    const downloaded = await fetch(await getDownloadURL(done.ref));
    expect(Buffer.from(await downloaded.arrayBuffer()).equals(bytes)).toBe(true);
  });

  test('a paused resumable upload resumes from the size the server reports (query)', async () => {
    const bytes = patternBytes(700 * 1024);
    const task = uploadBytesResumable(ref(storage, 'u1/posts/paused.bin'), bytes);
    let paused = false;
    await new Promise<void>((resolve, reject) => {
      task.on(
        'state_changed',
        (snapshot) => {
          if (!paused && snapshot.bytesTransferred > 0) {
            paused = true;
            task.pause();
            setTimeout(() => task.resume(), 50);
          }
        },
        reject,
        resolve,
      );
    });
    expect(paused).toBe(true);
    expect(task.snapshot.metadata.size).toBe(bytes.length);
    const downloaded = await fetch(await getDownloadURL(task.snapshot.ref));
    expect(Buffer.from(await downloaded.arrayBuffer()).equals(bytes)).toBe(true);
  });

  test('a chunk cut off mid-body is discarded; the SDK queries and resumes', async () => {
    // A proxy that cuts the second chunk after half its bytes and answers 503, as a flaky
    // network or load balancer would.
    const commands: string[] = [];
    let chunkRequests = 0;
    const proxy = http.createServer((req, res) => {
      const command = String(req.headers['x-goog-upload-command'] ?? '');
      commands.push(command);
      const upstream = http.request({
        host: '127.0.0.1',
        port: emulator.port,
        method: req.method,
        path: req.url,
        // As a proxy that changes the origin does: the emulator answers only to its own Host.
        headers: { ...req.headers, host: `127.0.0.1:${emulator.port}` },
      });
      const breakThis = command === 'upload' && ++chunkRequests === 2;
      if (breakThis) {
        const half = Number(req.headers['content-length']) / 2;
        let sent = 0;
        upstream.on('error', () => undefined);
        req.on('data', (chunk: Buffer) => {
          if (sent >= half) return;
          upstream.write(chunk.subarray(0, half - sent));
          sent += chunk.length;
          if (sent >= half) {
            upstream.destroy();
            res.writeHead(503, { 'Content-Type': 'text/plain' });
            res.end('upstream connect error');
          }
        });
        return;
      }
      upstream.on('response', (answer) => {
        // The session URL names the emulator: point it back at the proxy, as such a proxy does.
        const headers = { ...answer.headers };
        const uploadUrl = headers['x-goog-upload-url'];
        if (typeof uploadUrl === 'string') {
          headers['x-goog-upload-url'] = uploadUrl.replace(
            `:${emulator.port}/`,
            `:${(proxy.address() as AddressInfo).port}/`,
          );
        }
        res.writeHead(answer.statusCode ?? 502, headers);
        answer.pipe(res);
      });
      req.pipe(upstream);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const viaProxy = storageClient((proxy.address() as AddressInfo).port);
    try {
      const bytes = patternBytes(1200 * 1024);
      const result = await uploadBytesResumable(ref(viaProxy.storage, 'u1/posts/flaky.bin'), bytes);
      expect(result.metadata.size).toBe(bytes.length);
      expect(commands).toContain('query');
      expect(commands.filter((c) => c === 'start')).toHaveLength(1);
      const downloaded = await fetch(await getDownloadURL(ref(storage, 'u1/posts/flaky.bin')));
      expect(Buffer.from(await downloaded.arrayBuffer()).equals(bytes)).toBe(true);
    } finally {
      await viaProxy.close();
      proxy.closeAllConnections();
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
    }
  });
});
