import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { transformFileSync } from '@babel/core';
import {
  getDownloadURL,
  getMetadata,
  listAll,
  ref,
  updateMetadata,
  uploadBytes,
  uploadBytesResumable,
  uploadString,
} from 'firebase/storage';
import { BUCKET, objectUrl, patternBytes, startStorage, storageClient, tempDir } from './helpers';

const md5 = (bytes: Uint8Array): string => createHash('md5').update(bytes).digest('base64');

async function download(base: string, name: string): Promise<Buffer> {
  const response = await fetch(`${objectUrl(base, name)}?alt=media`, {
    headers: { Authorization: 'Firebase owner' },
  });
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

describe('Storage persistence', () => {
  test('objects, metadata and download tokens survive a restart', async () => {
    const dataDir = tempDir();
    const big = patternBytes(600 * 1024);
    let first = await startStorage({ dataDir });
    let client = storageClient(first.port);
    await uploadString(ref(client.storage, 'u1/posts/a.txt'), 'alpha', 'raw', {
      customMetadata: { k: 'v' },
    });
    await uploadBytesResumable(ref(client.storage, 'u1/posts/big.bin'), big);
    await uploadString(ref(client.storage, 'u1/posts/overwritten.txt'), 'old');
    await uploadString(ref(client.storage, 'u1/posts/overwritten.txt'), 'new');
    await updateMetadata(ref(client.storage, 'u1/posts/a.txt'), { cacheControl: 'no-store' });
    const url = await getDownloadURL(ref(client.storage, 'u1/posts/a.txt'));
    await client.close();
    await first.close();

    const second = await startStorage({ dataDir });
    client = storageClient(second.port);
    try {
      const meta = await getMetadata(ref(client.storage, 'u1/posts/a.txt'));
      expect(meta.cacheControl).toBe('no-store');
      expect(meta.customMetadata).toEqual({ k: 'v' });
      expect(meta.metageneration).toBe('2');
      const sameToken = await fetch(url.replace(`:${first.port}/`, `:${second.port}/`));
      expect(await sameToken.text()).toBe('alpha');
      expect((await download(second.base, 'u1/posts/big.bin')).equals(big)).toBe(true);
      expect((await download(second.base, 'u1/posts/overwritten.txt')).toString()).toBe('new');
      const listed = await listAll(ref(client.storage, 'u1/posts'));
      expect(listed.items.map((i) => i.name)).toEqual(['a.txt', 'big.bin', 'overwritten.txt']);
      // One blob per object: the overwritten generation's bytes are gone.
      const blobs = fs
        .readdirSync(path.join(dataDir, 'storage'))
        .filter((f) => f.endsWith('.blob'));
      expect(blobs).toHaveLength(3);
    } finally {
      await client.close();
      await second.close();
    }
    first = second;
  });

  test('leftovers of a crash (temp files, unreferenced blobs) are ignored and removed', async () => {
    const dataDir = tempDir();
    const first = await startStorage({ dataDir });
    const client = storageClient(first.port);
    await uploadString(ref(client.storage, 'kept.txt'), 'kept');
    await client.close();
    await first.close();
    const dir = path.join(dataDir, 'storage');
    fs.writeFileSync(path.join(dir, 'abc.json.tmp-123456'), '{"half":');
    fs.writeFileSync(path.join(dir, 'def.123.blob'), 'orphan bytes');
    fs.writeFileSync(path.join(dir, 'def.123.blob.tmp-99'), 'half a blob');
    fs.writeFileSync(path.join(dir, 'bad.json'), '{not json');

    const second = await startStorage({ dataDir });
    try {
      expect((await download(second.base, 'kept.txt')).toString()).toBe('kept');
      const files = fs.readdirSync(dir);
      expect(files.some((f) => f.includes('.tmp-'))).toBe(false);
      expect(files).not.toContain('def.123.blob');
      const health = (await (await fetch(`${second.base}/healthz`)).json()) as { objects: number };
      expect(health.objects).toBe(1);
    } finally {
      await second.close();
    }
  });

  test('export and import round-trip (from memory to a directory and back)', async () => {
    const source = await startStorage();
    const client = storageClient(source.port);
    await uploadBytes(ref(client.storage, 'x/one.bin'), patternBytes(3000), {
      contentType: 'image/png',
    });
    await uploadString(ref(client.storage, 'x/two.txt'), 'two');
    const exportDir = path.join(tempDir(), 'export');
    await source.store.exportTo(exportDir);
    await client.close();
    await source.close();

    const target = await startStorage({ dataDir: tempDir() });
    try {
      await fetch(`${target.base}/v0/b/${BUCKET}/o?name=stale.txt`, { method: 'POST', body: 's' });
      await target.store.importFrom(exportDir);
      expect(
        (await download(target.base, 'x/one.bin')).equals(Buffer.from(patternBytes(3000))),
      ).toBe(true);
      const meta = (await (await fetch(objectUrl(target.base, 'x/one.bin'))).json()) as Record<
        string,
        string
      >;
      expect(meta['contentType']).toBe('image/png');
      expect((await fetch(objectUrl(target.base, 'stale.txt'))).status).toBe(404);
    } finally {
      await target.close();
    }
  });

  test('kill -9 during a stream of uploads loses no acknowledged object and leaves no torn one', async () => {
    const built = buildServerForChild();
    const dataDir = tempDir();
    const child = spawn(process.execPath, [built, dataDir], {
      stdio: ['ignore', 'pipe', 'inherit'],
      // The compiled copy lives in a temp directory: its packages (re2js) resolve from here.
      env: { ...process.env, NODE_PATH: path.resolve(require.resolve('re2js'), '../../..') },
    });
    const port = await readPort(child);
    const base = `http://127.0.0.1:${port}`;
    // Per name, the md5s the stored bytes may have: the last acknowledged upload's and that of
    // the one in flight when the server died.
    const allowed = new Map<string, Set<string>>();
    const acknowledgedNames = new Set<string>();
    let acknowledgements = 0;
    let stop = false;
    const writer = async (worker: number): Promise<void> => {
      for (let i = 0; !stop; i++) {
        const name = `crash/w${worker}/f${i % 5}.bin`;
        const bytes = patternBytes(1000 + ((worker * 7919 + i * 104729) % 200_000));
        bytes[0] = i & 0xff;
        const previous = allowed.get(name) ?? new Set<string>();
        allowed.set(name, new Set([...previous, md5(bytes)]));
        try {
          const response = await fetch(
            `${base}/v0/b/${BUCKET}/o?name=${encodeURIComponent(name)}`,
            {
              method: 'POST',
              headers: { 'Content-Type': 'application/octet-stream' },
              body: bytes,
            },
          );
          if (response.status === 200) {
            allowed.set(name, new Set([md5(bytes)]));
            acknowledgedNames.add(name);
            acknowledgements++;
          }
        } catch {
          return; // the server is gone
        }
      }
    };
    const writers = [0, 1, 2, 3].map(writer);
    await new Promise((resolve) => setTimeout(resolve, 400));
    child.kill('SIGKILL');
    stop = true;
    await Promise.all(writers);
    expect(acknowledgements).toBeGreaterThan(4);

    const restarted = await startStorage({ dataDir });
    try {
      for (const [name, hashes] of allowed) {
        const response = await fetch(objectUrl(restarted.base, name));
        if (!acknowledgedNames.has(name) && response.status === 404) continue;
        expect(response.status).toBe(200);
        const meta = (await response.json()) as { md5Hash: string; size: string };
        const bytes = await download(restarted.base, name);
        expect(hashes.has(md5(bytes))).toBe(true);
        expect(meta.md5Hash).toBe(md5(bytes));
        expect(Number(meta.size)).toBe(bytes.length);
      }
    } finally {
      await restarted.close();
    }
  });
});

/** Compiles the emulator sources with the project's Babel config so a plain `node` can run them. */
function buildServerForChild(): string {
  const srcRoot = path.resolve(__dirname, '../../src');
  const outRoot = path.join(tempDir(), 'src');
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
        const out = path.join(outRoot, path.relative(srcRoot, full)).replace(/\.ts$/, '.js');
        fs.mkdirSync(path.dirname(out), { recursive: true });
        const result = transformFileSync(full, { rootMode: 'upward', envName: 'test' });
        fs.writeFileSync(out, result!.code!);
      }
    }
  };
  // The storage server needs only these folders at run time.
  for (const folder of ['storage', 'common', 'rules', 'values']) walk(path.join(srcRoot, folder));
  const main = path.join(outRoot, 'storage-child.js');
  fs.writeFileSync(
    main,
    `const { createStorageServer } = require('./storage/server');
const { openObjectStore } = require('./storage/store');
const { RequestGate } = require('./common/request-gate');
const server = createStorageServer({ store: openObjectStore(process.argv[2]), host: '127.0.0.1', gate: new RequestGate(), getRules: () => null, setRules: () => [] });
server.listen(0, '127.0.0.1', () => console.log('port=' + server.address().port));
`,
  );
  return main;
}

function readPort(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    let text = '';
    child.stdout!.on('data', (data: Buffer) => {
      text += data.toString();
      const match = /port=(\d+)/.exec(text);
      if (match) resolve(Number(match[1]));
    });
    child.on('exit', (code) => reject(new Error(`child exited with ${code}`)));
  });
}
