import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { resolveConfig, rulesFilesOf } from '../../src/config';
import { RulesLoadError, startEmulator, type RunningEmulator } from '../../src/index';
import { idToken } from '../harness';
import { request } from './wire';

/** startEmulator with a firebase.json: rules from files, reloaded on change; config precedence. */

const PROJECT = 'demo-startup';
const DOCS = `projects/${PROJECT}/databases/(default)/documents`;

/** This test's project on ports the OS picks. */
const startOnFreePorts = (
  options: Omit<Parameters<typeof startEmulator>[0], 'projectId' | 'firestorePort' | 'storagePort'>,
) => startEmulator({ projectId: PROJECT, firestorePort: 0, storagePort: 0, ...options });

const rules = (condition: string) => `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /{document=**} {
      allow read, write: if ${condition};
    }
  }
}
`;
const STORAGE_RULES = `rules_version = '2';
service firebase.storage {
  match /b/{bucket}/o {
    match /{allPaths=**} {
      allow read, write: if true;
    }
  }
}
`;

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'emulator-startup-'));
  fs.writeFileSync(
    path.join(dir, 'firebase.json'),
    JSON.stringify({
      firestore: { rules: 'firestore.rules' },
      storage: { rules: 'storage.rules' },
      emulators: { firestore: { port: 8181 }, storage: { port: 9191 } },
    }),
  );
  fs.writeFileSync(path.join(dir, 'storage.rules'), STORAGE_RULES);
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

async function writeStatus(emulator: RunningEmulator): Promise<number> {
  const res = await request(`http://127.0.0.1:${emulator.firestorePort}/v1/${DOCS}:commit`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${idToken('alice', PROJECT)}` },
    body: JSON.stringify({
      writes: [{ update: { name: `${DOCS}/things/t`, fields: { a: { integerValue: '1' } } } }],
    }),
  });
  return res.status;
}

async function eventually(check: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not reached');
    await new Promise((r) => setTimeout(r, 50));
  }
}

test('rules named in firebase.json apply, reload on change, and a broken edit keeps the last good ones', async () => {
  const rulesFile = path.join(dir, 'firestore.rules');
  fs.writeFileSync(rulesFile, rules('false'));
  const logs: string[] = [];
  const emulator = await startOnFreePorts({
    dataDir: null,
    firebaseJsonPath: path.join(dir, 'firebase.json'),
    log: (line) => logs.push(line),
  });
  try {
    expect(await writeStatus(emulator)).toBe(403);
    fs.writeFileSync(rulesFile, rules('request.auth.uid == "alice"'));
    await eventually(async () => (await writeStatus(emulator)) === 200);

    fs.writeFileSync(rulesFile, 'service cloud.firestore { match /oops');
    await eventually(async () => logs.some((l) => l.includes('previous rules kept')));
    expect(logs.find((l) => l.includes('previous rules kept'))).toMatch(/firestore\.rules:1:\d+:/);
    expect(await writeStatus(emulator)).toBe(200);

    const root = await request(`http://127.0.0.1:${emulator.storagePort}/`);
    expect(root.status).toBe(200);
  } finally {
    await emulator.stop();
  }
});

test('start-up refuses rules that do not compile, naming file, line and column', async () => {
  fs.writeFileSync(path.join(dir, 'firestore.rules'), 'service cloud.firestore {\n  match x');
  const started = startOnFreePorts({
    dataDir: null,
    firebaseJsonPath: path.join(dir, 'firebase.json'),
  });
  await expect(started).rejects.toThrow(RulesLoadError);
  await expect(started).rejects.toThrow(/firestore\.rules:2:\d+: /);
});

test('data survives stop and start in the same data directory', async () => {
  const dataDir = path.join(dir, '.data');
  const first = await startOnFreePorts({
    dataDir,
  });
  try {
    expect(await writeStatus(first)).toBe(200);
  } finally {
    await first.stop();
  }
  const second = await startOnFreePorts({
    dataDir,
  });
  try {
    expect(second.engine.getDocument(`${DOCS}/things/t`)?.fields).toEqual({
      a: { integerValue: '1' },
    });
  } finally {
    await second.stop();
  }
});

test('export writes Firestore and Storage data that a new emulator imports', async () => {
  const exportDir = path.join(dir, 'export');
  const first = await startOnFreePorts({
    dataDir: null,
  });
  try {
    expect(await writeStatus(first)).toBe(200);
    await first.exportTo(exportDir);
  } finally {
    await first.stop();
  }
  expect(fs.existsSync(path.join(exportDir, 'firestore_export'))).toBe(true);
  expect(fs.existsSync(path.join(exportDir, 'storage_export'))).toBe(true);
  const second = await startOnFreePorts({
    dataDir: null,
    importDir: exportDir,
  });
  try {
    expect(second.engine.getDocument(`${DOCS}/things/t`)?.fields).toEqual({
      a: { integerValue: '1' },
    });
  } finally {
    await second.stop();
  }
});

test('config: flags win over environment, which wins over firebase.json', () => {
  const env = { EMULATOR_FIRESTORE_PORT: '7070', EMULATOR_DATA_DIR: 'env-data' };
  const fromJson = resolveConfig([], {}, dir);
  expect(fromJson).toEqual(
    expect.objectContaining({
      projectId: 'demo-social',
      host: '127.0.0.1',
      firestorePort: 8181,
      storagePort: 9191,
      dataDir: path.join(dir, '.data'),
      firebaseJsonPath: path.join(dir, 'firebase.json'),
    }),
  );
  expect(fromJson.allowedHosts).toEqual([]);
  const fromEnv = resolveConfig([], { ...env, EMULATOR_ALLOWED_HOSTS: 'a.test, b.test' }, dir);
  expect(fromEnv.firestorePort).toBe(7070);
  expect(fromEnv.allowedHosts).toEqual(['a.test', 'b.test']);
  expect(resolveConfig(['--allowed-hosts', 'c.test'], env, dir).allowedHosts).toEqual(['c.test']);
  expect(fromEnv.dataDir).toBe(path.join(dir, 'env-data'));
  const fromFlags = resolveConfig(
    ['--project', 'demo-x', '--firestore-port=0', '--in-memory', '--export-on-exit', 'out'],
    { EMULATOR_FIRESTORE_PORT: '7070' },
    dir,
  );
  expect(fromFlags).toEqual(
    expect.objectContaining({
      projectId: 'demo-x',
      firestorePort: 0,
      dataDir: null,
      exportOnExit: path.join(dir, 'out'),
    }),
  );
  expect(() => resolveConfig(['--firestore-port', 'eighty'], {}, dir)).toThrow(/port/);
  expect(() => resolveConfig(['--bogus'], {}, dir)).toThrow(/Unknown argument/);
  expect(rulesFilesOf(path.join(dir, 'firebase.json'))).toEqual({
    firestore: path.join(dir, 'firestore.rules'),
    storage: path.join(dir, 'storage.rules'),
  });
});
