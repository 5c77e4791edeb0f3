import path from 'node:path';
import { freePort } from 'build-config/free-port.cjs';
import {
  buildCodebases,
  startFunctionsEmulator,
  type RunningFunctionsEmulator,
} from '../../src/functions';
import {
  BACKEND,
  commit,
  documentName,
  readCollection,
  startTriggerFirestore,
  type TriggerFirestore,
} from './backend';

// Functions of a real codebase (fixture/), run by firebase-tools' Functions emulator beside this
// emulator or Google's: registered by firebase-tools itself, fired by commits, their events read
// through firebase-functions and firebase-admin, as the product's functions will be. Each
// function writes what it received into `deliveries`; the same assertions run on both backends.

// A function's first run starts its worker, seconds on a busy 2-core machine.
jest.setTimeout(120_000);

const PROJECT = 'demo-trigger-functions';
const FIXTURE = path.join(__dirname, 'fixture');
const RUN_TS = path.resolve(__dirname, '../../harness/run-ts.cjs');
const HOST = path.resolve(__dirname, '../../src/functions/host.ts');

interface AuthEmulator {
  start(): Promise<void>;
  stop(): Promise<void>;
}

let firestore: TriggerFirestore;
let functions: RunningFunctionsEmulator;
let auth: AuthEmulator;
const functionErrors: string[] = [];

beforeAll(async () => {
  await buildCodebases([{ codebase: 'fixture', source: FIXTURE }]);
  const functionsPort = await freePort();
  // Google's emulator sends its events once; the Functions host relays them until acknowledged.
  const relayPort = BACKEND === 'google' ? await freePort() : null;
  firestore = await startTriggerFirestore({
    projectId: PROJECT,
    functionsEmulator: `127.0.0.1:${relayPort ?? functionsPort}`,
  });
  const authPort = await freePort();
  // firebase-tools' own Auth emulator, in this process.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { AuthEmulator } = require('firebase-tools/lib/emulator/auth') as {
    AuthEmulator: new (args: Record<string, unknown>) => AuthEmulator;
  };
  auth = new AuthEmulator({ projectId: PROJECT, host: '127.0.0.1', port: authPort });
  await auth.start();
  functions = await startFunctionsEmulator({
    projectId: PROJECT,
    projectDir: FIXTURE,
    host: '127.0.0.1',
    port: functionsPort,
    codebases: [{ codebase: 'fixture', source: FIXTURE }],
    firestore: { host: '127.0.0.1', port: firestore.port },
    storage: { host: '127.0.0.1', port: firestore.storagePort },
    auth: { host: '127.0.0.1', port: authPort },
    ...(relayPort ? { relay: { port: relayPort, outboxDir: null } } : {}),
    retry: { initialBackoffMs: 200, maxBackoffMs: 1000 },
    onError: (line) => functionErrors.push(line),
    hostEntry: [RUN_TS, HOST],
  });
}, 300_000);

afterAll(async () => {
  await functions?.stop();
  await auth?.stop();
  await firestore?.stop();
});

interface Recorded {
  fn: string;
  id: string;
  type: string;
  source: string;
  subject: string;
  time: string;
  project: string;
  database: string;
  namespace: string;
  location: string;
  document: string;
  params: Record<string, string>;
  before: Snapshot | null;
  after: Snapshot | null;
  snapshot: Snapshot | null;
  attempt?: number;
  failed?: boolean;
  counted?: boolean;
  crashed?: boolean;
  storage?: { bucket: string; text: string };
  auth?: { uid: string; email: string };
}

interface Snapshot {
  exists: boolean;
  id: string;
  path: string;
  data: Record<string, unknown> | null;
  createTime: { seconds: number; nanos: number } | null;
  updateTime: { seconds: number; nanos: number } | null;
}

/** Waits until `count` deliveries match, then returns them (a function writes one per run). */
async function deliveries(
  where: (r: Recorded) => boolean,
  count: number,
  timeoutMs = 90_000,
): Promise<Recorded[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await readCollection(firestore, 'deliveries'))
      .map((row) => row.data as unknown as Recorded)
      .filter(where);
    if (found.length >= count) return found;
    if (Date.now() > deadline) {
      throw new Error(
        `${found.length} of ${count} deliveries after ${timeoutMs} ms; functions said:\n${functionErrors.slice(-20).join('\n')}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const onDocument = (fn: string, document: string) => (r: Recorded) =>
  r.fn === fn && r.document === document;

function exact(rfc3339: string) {
  const fraction = /\.(\d+)Z$/.exec(rfc3339)?.[1] ?? '';
  return {
    seconds: Math.floor(Date.parse(rfc3339) / 1000),
    nanos: Number((fraction + '000000000').slice(0, 9)),
  };
}

const set = (p: string, fields: Record<string, unknown>) => ({
  update: { name: documentName(firestore, p), fields },
});

describe(`Cloud Functions triggers through firebase-tools' Functions emulator (${BACKEND})`, () => {
  const message = 'rooms/r1/messages/m1';
  let created: { commitTime: string };
  let updated: { commitTime: string };

  test('create: onDocumentCreated and onDocumentWritten get the new document and the wildcards', async () => {
    created = await commit(firestore, [
      set(message, {
        text: { stringValue: 'hi' },
        tags: { arrayValue: { values: [{ stringValue: 'a' }] } },
      }),
    ]);
    const [onCreated] = await deliveries(onDocument('created', message), 1);
    const [onWritten] = await deliveries(onDocument('written', message), 1);
    const document = {
      exists: true,
      id: 'm1',
      path: message,
      data: { text: 'hi', tags: ['a'] },
      createTime: exact(created.commitTime),
      updateTime: exact(created.commitTime),
    };
    expect(onCreated).toMatchObject({
      type: 'google.cloud.firestore.document.v1.created',
      subject: `documents/${message}`,
      project: PROJECT,
      database: '(default)',
      namespace: '(default)',
      location: 'us-central1',
      params: { roomId: 'r1', messageId: 'm1' },
      snapshot: document,
      before: null,
      after: null,
    });
    expect(onCreated!.source).toMatch(
      /^\/\/firestore\.googleapis\.com\/projects\/.*\/databases\/\(default\)$/,
    );
    expect(Number.isNaN(Date.parse(onCreated!.time))).toBe(false);
    expect(onWritten).toMatchObject({
      type: 'google.cloud.firestore.document.v1.written',
      params: { roomId: 'r1', messageId: 'm1' },
      before: { exists: false, id: 'm1', path: message, data: null },
      after: document,
    });
    expect(onWritten!.id).not.toBe(onCreated!.id);
  });

  test('update: onDocumentUpdated and onDocumentWritten get both sides', async () => {
    updated = await commit(firestore, [
      {
        ...set(message, { text: { stringValue: 'edited' } }),
        updateMask: { fieldPaths: ['text'] },
      },
    ]);
    const [onUpdated] = await deliveries(onDocument('updated', message), 1);
    const written = await deliveries(onDocument('written', message), 2);
    const expected = {
      before: {
        exists: true,
        data: { text: 'hi', tags: ['a'] },
        updateTime: exact(created.commitTime),
      },
      after: {
        exists: true,
        data: { text: 'edited', tags: ['a'] },
        createTime: exact(created.commitTime),
        updateTime: exact(updated.commitTime),
      },
    };
    expect(onUpdated).toMatchObject({
      type: 'google.cloud.firestore.document.v1.updated',
      ...expected,
    });
    expect(written.find((r) => r.before?.exists)).toMatchObject(expected);
  });

  test('delete: onDocumentDeleted gets the deleted document, onDocumentWritten both sides', async () => {
    await commit(firestore, [{ delete: documentName(firestore, message) }]);
    const [onDeleted] = await deliveries(onDocument('deleted', message), 1);
    const written = await deliveries(onDocument('written', message), 3);
    const last = {
      exists: true,
      data: { text: 'edited', tags: ['a'] },
      updateTime: exact(updated.commitTime),
    };
    expect(onDeleted).toMatchObject({
      type: 'google.cloud.firestore.document.v1.deleted',
      snapshot: last,
    });
    expect(written.find((r) => r.after && !r.after.exists)).toMatchObject({
      before: last,
      after: { exists: false, data: null },
    });
  });

  test('a batch fires once for each document it writes', async () => {
    const ids = ['a', 'b', 'c'];
    await commit(
      firestore,
      ids.map((id) => set(`rooms/batch/messages/${id}`, { id: { stringValue: id } })),
    );
    const found = await deliveries((r) => r.fn === 'created' && r.params.roomId === 'batch', 3);
    expect(found.map((r) => r.params.messageId).sort()).toEqual(ids);
    expect(found.map((r) => r.snapshot!.data!.id).sort()).toEqual(ids);
  });

  test('a function that throws is delivered the same event again until it succeeds', async () => {
    await commit(firestore, [set('flaky/f1', { failTimes: { integerValue: '2' } })]);
    const runs = await deliveries((r) => r.fn === 'flaky' && r.document === 'flaky/f1', 3);
    expect(runs.map((r) => [r.attempt, r.failed]).sort()).toEqual([
      [1, true],
      [2, true],
      [3, false],
    ]);
    expect(new Set(runs.map((r) => r.id)).size).toBe(1);
  });

  test('a duplicate delivery of an event changes nothing twice', async () => {
    await commit(firestore, [set('likes/k1', { crashAfterCommit: { booleanValue: true } })]);
    const runs = await deliveries((r) => r.fn === 'countLikes', 2);
    expect(new Set(runs.map((r) => r.id)).size).toBe(1);
    expect(runs.map((r) => r.counted).sort()).toEqual([false, true]);
    const counts = await readCollection(firestore, 'counts');
    expect(counts.find((c) => c.id === 'likes')?.data).toEqual({ n: 1 });
  });

  test('the Admin SDK in a function reaches the Storage and Auth emulators', async () => {
    await commit(firestore, [set('probes/p1', {})]);
    const [probe] = await deliveries((r) => r.fn === 'adminProbe', 1);
    expect(probe!.storage).toEqual({ bucket: `${PROJECT}.appspot.com`, text: 'probe p1' });
    expect(probe!.auth).toEqual({ uid: 'probe-p1', email: 'probe-p1@example.com' });
  });

  test('a 1st-gen onCreate gets its snapshot and wildcards', async () => {
    const result = await commit(firestore, [set('legacy/l1', { a: { stringValue: 'b' } })]);
    const [legacy] = await deliveries((r) => r.fn === 'legacyCreated', 1);
    expect(legacy).toMatchObject({
      // firebase-functions' 1st-gen context names the type its own way.
      type: 'google.firestore.document.create',
      params: { id: 'l1' },
      snapshot: { exists: true, data: { a: 'b' }, createTime: exact(result.commitTime) },
    });
  });
});
