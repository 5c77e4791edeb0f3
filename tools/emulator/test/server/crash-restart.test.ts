import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { request } from './wire';

/**
 * A restart right after a crash: the CLI as a real process takes writes, is killed with -9 while
 * writes are in flight, and a new one started on the same data directory at once, 100 ms later
 * and 1 s later must start (the dead owner's lock taken over) and hold every acknowledged write.
 * A second emulator while the first runs is still refused, naming it.
 */

const PROJECT = 'demo-crash';
const DOCS = `projects/${PROJECT}/databases/(default)/documents`;
const RUN_TS = path.join(__dirname, '../../harness/run-ts.cjs');
const CLI = path.resolve(__dirname, '../../src/cli.ts');

interface Cli {
  child: ChildProcess;
  firestore: string;
}

let dir: string;
const children: ChildProcess[] = [];
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'emulator-crash-'));
});
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  fs.rmSync(dir, { recursive: true, force: true });
});

function spawnCli(dataDir: string): { child: ChildProcess; ready: Promise<Cli>; stderr(): string } {
  const child = spawn(
    process.execPath,
    [RUN_TS, CLI, '--project', PROJECT, '--firestore-port', '0', '--storage-port', '0'].concat([
      '--data-dir',
      dataDir,
    ]),
    // Outside the repo, so the root firebase.json (and its rules) is not picked up.
    { stdio: ['ignore', 'pipe', 'pipe'], cwd: dir, env: { ...process.env, EMULATOR_CONFIG: '' } },
  );
  children.push(child);
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const ready = new Promise<Cli>((resolve, reject) => {
    let stdout = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /emulator ready firestore=(http:\/\/\S+)/.exec(stdout);
      if (match) resolve({ child, firestore: match[1]! });
    });
    child.on('exit', (code, signal) =>
      reject(new Error(`the emulator exited (${code ?? signal}) before it was ready:\n${stderr}`)),
    );
  });
  return { child, ready, stderr: () => stderr };
}

function commit(firestore: string, id: string): Promise<number> {
  return request(`${firestore}/v1/${DOCS}:commit`, {
    method: 'POST',
    headers: { Authorization: 'Bearer owner' },
    body: JSON.stringify({
      writes: [{ update: { name: `${DOCS}/crash/${id}`, fields: { id: { stringValue: id } } } }],
    }),
  }).then(
    (res) => res.status,
    () => 0, // the connection died with the process: not acknowledged
  );
}

/** Writes from 4 clients until `stop`: the ids whose commit was acknowledged, and the first one. */
function writeUntil(
  firestore: string,
  stop: Promise<void>,
): { all: Promise<string[]>; firstAcknowledged: Promise<void> } {
  const acknowledged: string[] = [];
  let stopped = false;
  void stop.then(() => (stopped = true));
  let next = 0;
  let onFirst!: () => void;
  const firstAcknowledged = new Promise<void>((resolve) => (onFirst = resolve));
  const client = async () => {
    while (!stopped) {
      const id = `d${next++}`;
      if ((await commit(firestore, id)) === 200) {
        acknowledged.push(id);
        onFirst();
      }
    }
  };
  const all = Promise.all([client(), client(), client(), client()]).then(() => acknowledged);
  return { all, firstAcknowledged };
}

async function present(firestore: string, ids: string[]): Promise<string[]> {
  const res = await request(`${firestore}/v1/${DOCS}:batchGet`, {
    method: 'POST',
    headers: { Authorization: 'Bearer owner' },
    body: JSON.stringify({ documents: ids.map((id) => `${DOCS}/crash/${id}`) }),
  });
  expect(res.status).toBe(200);
  return (JSON.parse(res.text) as Array<{ found?: { fields: { id: { stringValue: string } } } }>)
    .map((r) => r.found?.fields.id.stringValue)
    .filter((id): id is string => id !== undefined);
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
  });

test.each([0, 100, 1000])(
  'kill -9 during writes, restart after %i ms: it starts and holds every acknowledged write',
  async (delayMs) => {
    const dataDir = path.join(dir, `data-${delayMs}`);
    const first = await spawnCli(dataDir).ready;
    let kill!: () => void;
    const killed = new Promise<void>((resolve) => (kill = resolve));
    const writes = writeUntil(first.firestore, killed);
    // Let writes be acknowledged (a few hundred milliseconds' worth, and at least one on a busy
    // machine), then kill it mid-flight.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await writes.firstAcknowledged;
    first.child.kill('SIGKILL');
    kill();
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    const second = spawnCli(dataDir);
    const acknowledged = await writes.all;
    expect(acknowledged.length).toBeGreaterThan(0);
    const restarted = await second.ready;
    expect(await present(restarted.firestore, acknowledged)).toEqual(acknowledged);
    restarted.child.kill('SIGTERM');
    await exited(restarted.child);
    await exited(first.child);
  },
  120_000,
);

test('a second emulator on the folder of a running one is refused, naming it', async () => {
  const dataDir = path.join(dir, 'shared');
  const running = await spawnCli(dataDir).ready;
  const second = spawnCli(dataDir);
  await expect(second.ready).rejects.toThrow(
    `is in use by another emulator (process ${running.child.pid})`,
  );
  expect(second.child.exitCode).toBe(1);
  // The running one is untouched.
  expect(await commit(running.firestore, 'after')).toBe(200);
  running.child.kill('SIGTERM');
  await exited(running.child);
}, 120_000);
