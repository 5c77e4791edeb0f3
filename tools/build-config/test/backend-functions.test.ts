import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { freePort } from '../free-port.cjs';

// The backend of npm start, npm run emulators and the e2e suite runs the functions codebases
// firebase.json lists in firebase-tools' Functions emulator, on both Firestore backends: one ready
// line, triggers that fire, and every error of a function forwarded with the `[functions]`
// prefix. A generated firebase.json names the emulator package's fixture codebase.

const ROOT = path.resolve(__dirname, '../../..');
const FIXTURE = path.join(ROOT, 'tools/emulator/test/functions/fixture');
const PROJECT = 'demo-backend-functions';

// Google's emulator, firebase-tools' Auth emulator and the Functions emulator each take minutes on
// a loaded 2-core machine (AUTH_START_TIMEOUT_MS is 10 minutes for that reason).
jest.setTimeout(900_000);

interface Started {
  child: ChildProcessWithoutNullStreams;
  /** Turns the functions' event triggers off or on; resolves once the backend has. */
  triggers(state: 'on' | 'off'): Promise<void>;
  stdout: string[];
  stderr: string[];
  ports: { auth: number; firestore: number; storage: number; functions: number };
  stop(): Promise<void>;
}

/** Every backend started, so a start that never got ready is stopped too. */
const children: ChildProcessWithoutNullStreams[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
});

/** Runs `startBackend` in a child process until `stop()`; resolves once it is ready. */
async function startBackendIn(firestore: 'emulator' | 'google', firebaseJson: string) {
  const ports = {
    auth: await freePort(),
    firestore: await freePort(),
    storage: await freePort(),
    functions: await freePort(),
  };
  const script = `
    import { describeFailure, startBackend } from ${JSON.stringify(path.join(ROOT, 'tools/scripts/lib/backend.mjs'))};
    try {
      const backend = await startBackend({
        projectId: ${JSON.stringify(PROJECT)},
        ports: ${JSON.stringify(ports)},
        dataDir: null,
        quiet: true,
        firestore: ${JSON.stringify(firestore)},
        firebaseJson: ${JSON.stringify(firebaseJson)},
        onReady: (service, url) => console.log('ready ' + service + ' ' + url),
      });
      console.log('backend ready');
      const { createInterface } = await import('node:readline');
      createInterface({ input: process.stdin }).on('line', async (line) => {
        const triggers = /^triggers (on|off)$/.exec(line);
        if (!triggers) { await backend.stop(); process.exit(0); }
        await backend.setBackgroundTriggers(triggers[1] === 'on');
        console.log('triggers ' + triggers[1] + ' done');
      });
    } catch (error) {
      console.log('FAILED: ' + describeFailure(error));
      process.exit(1);
    }`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    cwd: ROOT,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  children.push(child);
  const started: Started = {
    child,
    stdout: [],
    stderr: [],
    ports,
    triggers: async (state) => {
      const done = waitFor(() => started.stdout.includes(`triggers ${state} done`), state);
      child.stdin.write(`triggers ${state}\n`);
      await done;
      started.stdout.splice(started.stdout.indexOf(`triggers ${state} done`), 1);
    },
    stop: async () => {
      if (child.exitCode !== null) return;
      child.stdin.write('stop\n');
      await new Promise((resolve) => child.on('exit', resolve));
    },
  };
  readline.createInterface({ input: child.stderr }).on('line', (l) => started.stderr.push(l));
  await new Promise<void>((resolve, reject) => {
    readline.createInterface({ input: child.stdout }).on('line', (line) => {
      started.stdout.push(line);
      if (line === 'backend ready') resolve();
      if (line.startsWith('FAILED')) reject(new Error(`${line}\n${started.stderr.join('\n')}`));
    });
  });
  return started;
}

async function commit(port: number, path_: string, fields: Record<string, unknown>) {
  const database = `projects/${PROJECT}/databases/(default)`;
  const response = await fetch(`http://127.0.0.1:${port}/v1/${database}/documents:commit`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
    body: JSON.stringify({
      writes: [{ update: { name: `${database}/documents/${path_}`, fields } }],
    }),
  });
  expect(response.status).toBe(200);
}

async function waitFor<T>(probe: () => Promise<T | null> | T | null, what: string): Promise<T> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const found = await probe();
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no ${what} in 120 s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The `fn` fields of `deliveries`, as the fixture's functions record them. */
async function deliveredFunctions(port: number): Promise<string[]> {
  return (await deliveries(port)).map((delivery) => delivery.fn);
}

/** Each delivery's function and the event's subject (the document's path). */
async function deliveries(port: number): Promise<{ fn: string; subject: string | null }[]> {
  const parent = `projects/${PROJECT}/databases/(default)/documents`;
  const response = await fetch(`http://127.0.0.1:${port}/v1/${parent}:runQuery`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
    body: JSON.stringify({ structuredQuery: { from: [{ collectionId: 'deliveries' }] } }),
  });
  const rows = (await response.json()) as Array<{
    document?: { fields: { fn: { stringValue: string }; subject: { stringValue?: string } } };
  }>;
  return rows.flatMap(({ document }) =>
    document
      ? [
          {
            fn: document.fields.fn.stringValue,
            subject: document.fields.subject.stringValue ?? null,
          },
        ]
      : [],
  );
}

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backend-functions-'));
  fs.writeFileSync(
    path.join(dir, 'firebase.json'),
    JSON.stringify({ functions: [{ source: FIXTURE, codebase: 'fixture' }] }),
  );
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe.each(['emulator', 'google'] as const)('the backend on %s Firestore', (firestore) => {
  let backend: Started | undefined;
  afterAll(() => backend?.stop());

  it('runs the listed codebase: one ready line, triggers fire, errors prefixed [functions]', async () => {
    backend = await startBackendIn(firestore, path.join(dir, 'firebase.json'));
    const { ports } = backend;
    expect(backend.stdout).toContain(`ready functions http://127.0.0.1:${ports.functions}`);

    await commit(ports.firestore, 'rooms/r/messages/m', { text: { stringValue: 'hi' } });
    await waitFor(async () => {
      const fns = await deliveredFunctions(ports.firestore);
      return fns.includes('created') && fns.includes('written') ? fns : null;
    }, 'delivery');

    // The flaky function throws once: its error reaches stderr, prefixed, and it runs again.
    await commit(ports.firestore, 'flaky/b1', { failTimes: { integerValue: '1' } });
    await waitFor(
      async () =>
        (await deliveredFunctions(ports.firestore)).filter((f) => f === 'flaky').length >= 2,
      'second run of the flaky function',
    );
    const errors = backend.stderr.filter((line) => line.includes('flaky: failing attempt 1'));
    expect(errors.length).toBeGreaterThan(0);
    for (const line of errors) expect(line).toMatch(/^\[functions\] /);

    // Triggers off (as the scale bench seeds): an event is dropped; back on, the next one runs.
    await backend.triggers('off');
    await commit(ports.firestore, 'rooms/r/messages/unheard', { text: { stringValue: 'x' } });
    await backend.triggers('on');
    await commit(ports.firestore, 'rooms/r/messages/heard', { text: { stringValue: 'y' } });
    const subjects = await waitFor(async () => {
      const found = (await deliveries(ports.firestore)).map((delivery) => delivery.subject);
      return found.includes('documents/rooms/r/messages/heard') ? found : null;
    }, 'delivery after the triggers are back on');
    expect(subjects).not.toContain('documents/rooms/r/messages/unheard');
  });
});
