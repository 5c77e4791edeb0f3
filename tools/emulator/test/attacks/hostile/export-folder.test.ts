/**
 * `POST /internal/export` writes to the developer's disk. A web page cannot call it (no CORS, no
 * simple request, no rebound host name), and it writes only into a new folder or an earlier
 * export, never deleting a file an export did not write.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEmulator, type RunningEmulator } from '../../../src/index';
import { ObjectStore } from '../../../src/storage/store';
import { request } from '../../server/wire';

let emulator: RunningEmulator;
let scratch: string;
beforeAll(async () => {
  emulator = await startEmulator({
    projectId: 'demo-export',
    firestorePort: 0,
    storagePort: 0,
    dataDir: null,
    watchRules: false,
    log: () => undefined,
  });
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'export-attack-'));
});
afterAll(async () => {
  await emulator?.stop();
  fs.rmSync(scratch, { recursive: true, force: true });
});

const base = () => `http://127.0.0.1:${emulator.storagePort}`;

async function upload(name: string, text: string): Promise<void> {
  const res = await request(`${base()}/v0/b/bucket/o?name=${encodeURIComponent(name)}`, {
    method: 'POST',
    headers: { Authorization: 'Bearer owner', 'Content-Type': 'text/plain' },
    body: text,
  });
  expect(res.status).toBe(200);
}

function exportRequest(folder: string, headers: Record<string, string> = {}) {
  return request(`${base()}/internal/export`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify({ path: folder }),
  });
}

const exportedNames = (folder: string): string[] => {
  const store = ObjectStore.open(folder);
  return store
    .all()
    .map((m) => m.name)
    .sort();
};

test('a tool on this machine exports into a new folder, and again over its own export', async () => {
  await upload('a.txt', 'one');
  await upload('b.txt', 'two');
  const folder = path.join(scratch, 'fresh');
  expect((await exportRequest(folder)).status).toBe(200);
  expect(exportedNames(folder)).toEqual(['a.txt', 'b.txt']);

  const del = await request(`${base()}/v0/b/bucket/o/b.txt`, {
    method: 'DELETE',
    headers: { Authorization: 'Bearer owner' },
  });
  expect(del.status).toBe(204);
  expect((await exportRequest(folder)).status).toBe(200);
  expect(exportedNames(folder)).toEqual(['a.txt']);
});

test('a folder holding files no export wrote is refused, and every file is left as it was', async () => {
  const folder = path.join(scratch, 'photos');
  fs.mkdirSync(folder);
  const files = { 'notes.txt': 'mine', 'holiday.blob': 'raw photo', 'draft.tmp-1': 'half' };
  for (const [file, text] of Object.entries(files)) fs.writeFileSync(path.join(folder, file), text);

  const res = await exportRequest(folder);
  expect(res.status).toBe(400);
  expect(res.text).toContain('holds files no export wrote');
  expect(
    Object.fromEntries(
      fs.readdirSync(folder).map((f) => [f, fs.readFileSync(path.join(folder, f), 'utf8')]),
    ),
  ).toEqual(files);
});

test('a CORS-simple request (text/plain) is refused and writes nothing', async () => {
  const folder = path.join(scratch, 'simple');
  const res = await exportRequest(folder, { 'Content-Type': 'text/plain' });
  expect(res.status).toBe(415);
  expect(fs.existsSync(folder)).toBe(false);
});

test('a request from a web page (any Origin) is refused; its preflight grants nothing', async () => {
  const folder = path.join(scratch, 'page');
  for (const origin of ['http://evil.test', 'http://localhost:3000']) {
    expect((await exportRequest(folder, { Origin: origin })).status).toBe(403);
  }
  const preflight = await request(`${base()}/internal/export`, {
    method: 'OPTIONS',
    headers: {
      Origin: 'http://evil.test',
      'Access-Control-Request-Method': 'POST',
      'Access-Control-Request-Headers': 'content-type',
    },
  });
  expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  expect(fs.existsSync(folder)).toBe(false);
});

test('a request addressed to a rebound host name is refused as misdirected', async () => {
  const folder = path.join(scratch, 'rebound');
  const res = await exportRequest(folder, { Host: `evil.test:${emulator.storagePort}` });
  expect(res.status).toBe(421);
  expect(fs.existsSync(folder)).toBe(false);
});

test('the in-process export (--export-on-exit) keeps the same folder rule', async () => {
  const dir = path.join(scratch, 'on-exit');
  fs.mkdirSync(path.join(dir, 'storage_export'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'storage_export', 'keep.me'), 'x');
  await expect(emulator.exportTo(dir)).rejects.toThrow('holds files no export wrote');
  expect(fs.readFileSync(path.join(dir, 'storage_export', 'keep.me'), 'utf8')).toBe('x');
});
