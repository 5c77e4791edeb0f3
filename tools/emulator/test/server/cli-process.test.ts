import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { request } from './wire';

/** The CLI as a real process: the ready line, kill -9 durability of acknowledged writes, SIGTERM. */

const PROJECT = 'demo-cli';
const DOCS = `projects/${PROJECT}/databases/(default)/documents`;
const RUN_TS = path.join(__dirname, '../../harness/run-ts.cjs');
const CLI = path.resolve(__dirname, '../../src/cli.ts');

interface Cli {
  child: ChildProcess;
  firestore: string;
  stdoutLines: string[];
}

function startCli(dataDir: string): Promise<Cli> {
  const child = spawn(
    process.execPath,
    [
      RUN_TS,
      CLI,
      '--project',
      PROJECT,
      '--firestore-port',
      '0',
      '--storage-port',
      '0',
      '--data-dir',
      dataDir,
    ],
    // Run outside the repo so the root firebase.json (and its rules) is not picked up.
    { stdio: ['ignore', 'pipe', 'pipe'], cwd: dir, env: { ...process.env, EMULATOR_CONFIG: '' } },
  );
  const stdoutLines: string[] = [];
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve, reject) => {
    let buffered = '';
    child.stdout!.on('data', (d: Buffer) => {
      buffered += d.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop()!;
      for (const line of lines) {
        stdoutLines.push(line);
        const match = /^emulator ready firestore=(http:\/\/\S+) storage=(http:\/\/\S+)$/.exec(line);
        if (match) resolve({ child, firestore: match[1]!, stdoutLines });
      }
    });
    child.on('exit', (code) => reject(new Error(`cli exited ${code}: ${stderr}`)));
  });
}

function exited(child: ChildProcess): Promise<{ code: number | null; signal: string | null }> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      return resolve({ code: child.exitCode, signal: child.signalCode });
    }
    child.on('exit', (code, signal) => resolve({ code, signal }));
  });
}

let dir: string;
const children: ChildProcess[] = [];
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'emulator-cli-'));
});
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  fs.rmSync(dir, { recursive: true, force: true });
});

test('acknowledged writes survive kill -9; SIGTERM exits cleanly', async () => {
  const dataDir = path.join(dir, 'data');
  const first = await startCli(dataDir);
  children.push(first.child);
  expect(first.stdoutLines).toHaveLength(1);

  const count = 40;
  for (let i = 0; i < count; i++) {
    const res = await request(`${first.firestore}/v1/${DOCS}:commit`, {
      method: 'POST',
      headers: { Authorization: 'Bearer owner' },
      body: JSON.stringify({
        writes: [
          { update: { name: `${DOCS}/durable/d${i}`, fields: { i: { integerValue: String(i) } } } },
        ],
      }),
    });
    expect(res.status).toBe(200);
  }
  first.child.kill('SIGKILL');
  expect((await exited(first.child)).signal).toBe('SIGKILL');

  const second = await startCli(dataDir);
  children.push(second.child);
  const names = Array.from({ length: count }, (_, i) => `${DOCS}/durable/d${i}`);
  const res = await request(`${second.firestore}/v1/${DOCS}:batchGet`, {
    method: 'POST',
    body: JSON.stringify({ documents: names }),
  });
  expect(res.status).toBe(200);
  const found = (
    JSON.parse(res.text) as Array<{ found?: { fields: { i: { integerValue: string } } } }>
  ).map((r) => r.found?.fields.i.integerValue);
  expect(found).toEqual(names.map((_, i) => String(i)));

  second.child.kill('SIGTERM');
  expect(await exited(second.child)).toEqual({ code: 0, signal: null });
}, 180_000);
