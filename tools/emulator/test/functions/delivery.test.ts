import {
  BACKEND,
  commit,
  documentName,
  startTriggerFirestore,
  type TriggerFirestore,
} from './backend';
import { decodeEventData, exactTime, startRecorder, type Recorded } from './recorder';

// The protocol between a Firestore emulator and firebase-tools' Functions emulator, on both
// backends: what the registration endpoints answer, and which requests a commit makes, with what
// headers and data, in which order. A recorder stands where the Functions emulator would, and
// registrations are the requests firebase-tools sends (captured from it, see README "Cloud
// Functions triggers"). The same assertions run on this emulator and on Google's.

const PROJECT = 'demo-trigger-wire';
const EVENT = 'google.cloud.firestore.document.v1';
const MESSAGES = 'rooms/{roomId}/messages/{messageId}';

let recorder: Awaited<ReturnType<typeof startRecorder>>;
let firestore: TriggerFirestore;

beforeAll(async () => {
  recorder = await startRecorder();
  firestore = await startTriggerFirestore({
    projectId: PROJECT,
    functionsEmulator: recorder.address,
    retry: { initialBackoffMs: 50, maxBackoffMs: 200 },
  });
}, 120_000);

afterAll(async () => {
  await firestore?.stop();
  await recorder?.close();
});

async function register2ndGen(
  key: string,
  kind: string,
  document: string,
  matchType = 'PATH_PATTERN',
) {
  const body = {
    eventType: `${EVENT}.${kind}`,
    database: '(default)',
    namespace: '(default)',
    document: { value: document, matchType },
  };
  const response = await fetch(
    `${firestore.url}/emulator/v1/projects/${PROJECT}/eventarcTrigger?eventarcTriggerId=${key}`,
    { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) },
  );
  return { status: response.status, body: await response.json(), sent: body };
}

/** Waits for `count` more deliveries than `before` and returns them. */
async function next(before: number, count: number): Promise<Recorded[]> {
  const all = await recorder.waitFor(before + count);
  return all.slice(before);
}

const set = (path: string, fields: Record<string, unknown>) => ({
  update: { name: documentName(firestore, path), fields },
});
const remove = (path: string) => ({ delete: documentName(firestore, path) });
const triggerOf = (delivery: Recorded) => delivery.path.split('/triggers/')[1];

describe(`trigger registration and delivery (${BACKEND})`, () => {
  test('a 2nd-gen registration is answered with what was registered; a key registered again is replaced', async () => {
    const first = await register2ndGen('swap-0', 'created', 'first/{id}');
    expect(first.status).toBe(200);
    expect(first.body).toEqual(first.sent);
    const again = await register2ndGen('swap-0', 'created', 'second/{id}');
    expect(again.body).toEqual(again.sent);

    const before = recorder.received.length;
    await commit(firestore, [set('first/a', {}), set('second/a', {})]);
    const [delivery] = await next(before, 1);
    expect(delivery!.headers['ce-document']).toBe('second/a');
    // Nothing more comes for first/a.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(recorder.received.length).toBe(before + 1);
  });

  test('a 1st-gen registration (PUT) is answered with an empty object', async () => {
    const response = await fetch(
      `${firestore.url}/emulator/v1/projects/${PROJECT}/triggers/legacy-0`,
      {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          eventTrigger: {
            eventType: 'providers/cloud.firestore/eventTypes/document.create',
            resource: `projects/${PROJECT}/databases/(default)/documents/legacy/{id}`,
            service: 'firestore.googleapis.com',
          },
        }),
      },
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({});
  });

  test('an unparseable registration is refused', async () => {
    const response = await fetch(
      `${firestore.url}/emulator/v1/projects/${PROJECT}/eventarcTrigger?eventarcTriggerId=bad-0`,
      { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: 'nope' },
    );
    expect(response.status).toBe(400);
  });

  test('create, update and delete: one CloudEvent per matching trigger, each in commit order, with both documents', async () => {
    for (const kind of ['created', 'updated', 'deleted', 'written']) {
      expect((await register2ndGen(`msg-${kind}-0`, kind, MESSAGES)).status).toBe(200);
    }
    const path = 'rooms/r1/messages/m1';
    const before = recorder.received.length;
    const created = await commit(firestore, [
      set(path, {
        text: { stringValue: 'hi' },
        n: { integerValue: '1' },
        nested: { mapValue: { fields: { a: { arrayValue: { values: [{ doubleValue: 1.5 }] } } } } },
      }),
    ]);
    const updated = await commit(firestore, [
      { ...set(path, { text: { stringValue: 'edited' } }), updateMask: { fieldPaths: ['text'] } },
    ]);
    await commit(firestore, [remove(path)]);
    const deliveries = await next(before, 6);

    // Each trigger gets its events in commit order; the order between triggers is not specified
    // (production promises none, and both backends deliver to several functions at once).
    expect(deliveries.map((d) => `${triggerOf(d)} ${d.headers['ce-type']}`).sort()).toEqual([
      `msg-created-0 ${EVENT}.created`,
      `msg-deleted-0 ${EVENT}.deleted`,
      `msg-updated-0 ${EVENT}.updated`,
      `msg-written-0 ${EVENT}.written`,
      `msg-written-0 ${EVENT}.written`,
      `msg-written-0 ${EVENT}.written`,
    ]);
    for (const delivery of deliveries) {
      expect(delivery.method).toBe('POST');
      expect(delivery.path).toMatch(new RegExp(`^/functions/projects/${PROJECT}/triggers/msg-`));
      expect(delivery.headers).toMatchObject({
        'ce-specversion': '1.0',
        'ce-subject': `documents/${path}`,
        'ce-document': path,
        'ce-project': PROJECT,
        'ce-database': '(default)',
        'ce-namespace': '(default)',
        'ce-location': 'us-central1',
        'ce-datacontenttype': 'application/protobuf',
        'content-type': 'application/protobuf',
      });
      expect(delivery.headers['ce-dataschema']).toMatch(/firestore\/v1\/data\.proto$/);
      expect(delivery.headers['ce-source']).toMatch(
        /^\/\/firestore\.googleapis\.com\/projects\/.*demo-trigger-wire\/databases\/\(default\)$/,
      );
      expect(delivery.headers['ce-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(Number.isNaN(Date.parse(String(delivery.headers['ce-time'])))).toBe(false);
    }
    expect(new Set(deliveries.map((d) => d.headers['ce-id'])).size).toBe(6);

    const name = documentName(firestore, path);
    const createdDoc = {
      name,
      fields: {
        text: { stringValue: 'hi' },
        n: { integerValue: '1' },
        nested: { mapValue: { fields: { a: { arrayValue: { values: [{ doubleValue: 1.5 }] } } } } },
      },
      createTime: exactTime(created.commitTime),
      updateTime: exactTime(created.commitTime),
    };
    const updatedDoc = {
      ...createdDoc,
      fields: { ...createdDoc.fields, text: { stringValue: 'edited' } },
      updateTime: exactTime(updated.commitTime),
    };
    const dataOf = (trigger: string) =>
      deliveries.filter((d) => triggerOf(d) === trigger).map((d) => decodeEventData(d.body));
    const expected = [
      { value: createdDoc, updateMask: {} },
      { value: updatedDoc, oldValue: createdDoc, updateMask: {} },
      { oldValue: updatedDoc, updateMask: {} },
    ];
    // Every trigger of a change gets the same data.
    expect(dataOf('msg-written-0')).toEqual(expected);
    expect(dataOf('msg-created-0')).toEqual([expected[0]]);
    expect(dataOf('msg-updated-0')).toEqual([expected[1]]);
    expect(dataOf('msg-deleted-0')).toEqual([expected[2]]);
  });

  test('wildcards: only documents of the pattern fire, an EXACT path only itself', async () => {
    await register2ndGen('exact-0', 'written', 'exact/one', 'EXACT');
    const before = recorder.received.length;
    await commit(firestore, [
      set('rooms/r2/other/x', {}),
      set('rooms/r2/messages/x/deeper/y', {}),
      set('exact/two', {}),
      set('exact/one', {}),
    ]);
    const deliveries = await next(before, 1);
    expect(deliveries.map((d) => [triggerOf(d), d.headers['ce-document']])).toEqual([
      ['exact-0', 'exact/one'],
    ]);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(recorder.received.length).toBe(before + 1);
  });

  test('a batch: each trigger gets the documents in the order first written, each once with its final state', async () => {
    const before = recorder.received.length;
    const result = await commit(firestore, [
      set('rooms/b/messages/a', { i: { integerValue: '1' } }),
      set('rooms/b/messages/x', { v: { integerValue: '1' } }),
      set('rooms/b/messages/b', { i: { integerValue: '2' } }),
      set('rooms/b/messages/x', { v: { integerValue: '2' }, w: { stringValue: 'w' } }),
    ]);
    const deliveries = await next(before, 6);
    // Each trigger gets the documents in the order first written.
    for (const trigger of ['msg-created-0', 'msg-written-0']) {
      expect(
        deliveries.filter((d) => triggerOf(d) === trigger).map((d) => d.headers['ce-document']),
      ).toEqual(['a', 'x', 'b'].map((id) => `rooms/b/messages/${id}`));
    }
    const x = deliveries.find((d) => d.headers['ce-document'] === 'rooms/b/messages/x')!;
    expect(decodeEventData(x.body).value).toEqual({
      name: documentName(firestore, 'rooms/b/messages/x'),
      fields: { v: { integerValue: '2' }, w: { stringValue: 'w' } },
      createTime: exactTime(result.commitTime),
      updateTime: exactTime(result.commitTime),
    });
  });

  test('a 1st-gen trigger gets the JSON event body', async () => {
    const before = recorder.received.length;
    const result = await commit(firestore, [set('legacy/l1', { a: { stringValue: 'b' } })]);
    const [delivery] = await next(before, 1);
    expect(delivery!.path).toBe(`/functions/projects/${PROJECT}/triggers/legacy-0`);
    expect(delivery!.headers['content-type']).toMatch(/^application\/json/);
    const body = JSON.parse(delivery!.body);
    expect(body.data).toEqual({
      value: {
        name: documentName(firestore, 'legacy/l1'),
        fields: { a: { stringValue: 'b' } },
        createTime: result.commitTime,
        updateTime: result.commitTime,
      },
      updateMask: {},
    });
    expect(body.context).toEqual({
      eventId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      timestamp: result.commitTime,
      eventType: 'providers/cloud.firestore/eventTypes/document.create',
      resource: { name: documentName(firestore, 'legacy/l1'), service: 'firestore.googleapis.com' },
    });
  });
});

// Where this emulator follows production rather than Google's emulator (README "Cloud Functions
// triggers"), so these run on this emulator only: Google's sends an event for a no-op write and a
// "created" event with no document for a delete of a missing one, stamps `time` with the second
// it sends, and never delivers a failed event again.
const oursOnly = BACKEND === 'emulator' ? describe : describe.skip;
oursOnly('where this emulator follows production, not Google’s emulator', () => {
  test('a write that changes nothing and a delete of a missing document fire nothing', async () => {
    const before = recorder.received.length;
    await commit(firestore, [set('rooms/n/messages/same', { a: { integerValue: '1' } })]);
    await firestore.emulator!.triggersIdle();
    const settled = recorder.received.length;
    expect(settled).toBe(before + 2); // created and written
    await commit(firestore, [set('rooms/n/messages/same', { a: { integerValue: '1' } })]);
    await commit(firestore, [remove('rooms/n/messages/missing')]);
    await firestore.emulator!.triggersIdle();
    expect(recorder.received.length).toBe(settled);
  });

  test('`time` is the commit time', async () => {
    const before = recorder.received.length;
    const result = await commit(firestore, [set('rooms/t/messages/a', {})]);
    const [delivery] = await next(before, 1);
    expect(delivery!.headers['ce-time']).toBe(result.commitTime);
    expect(delivery!.headers['ce-source']).toBe(
      `//firestore.googleapis.com/projects/${PROJECT}/databases/(default)`,
    );
  });

  test('a failed delivery is sent again, with the same event id, until it is acknowledged', async () => {
    await firestore.emulator!.triggersIdle();
    const before = recorder.received.length;
    let failures = 2;
    recorder.setAnswer((request) =>
      request.path.endsWith('/msg-created-0') && failures-- > 0 ? 500 : 200,
    );
    await commit(firestore, [set('rooms/f/messages/a', {})]);
    await firestore.emulator!.triggersIdle();
    recorder.setAnswer(() => 200);
    const deliveries = recorder.received.slice(before);
    const created = deliveries.filter((d) => triggerOf(d) === 'msg-created-0');
    expect(created.map((d) => d.status)).toEqual([500, 500, 200]);
    expect(new Set(created.map((d) => d.headers['ce-id'])).size).toBe(1);
    // The written trigger's event did not wait behind the failing one.
    const written = deliveries.findIndex((d) => triggerOf(d) === 'msg-written-0');
    expect(written).toBeLessThan(deliveries.indexOf(created[2]!));
  });
});

// Pending events survive a restart of this emulator (its outbox is in the data folder); Google's
// keeps none, so this runs on this emulator only.
const oursOnlyRestart = BACKEND === 'emulator' ? test : test.skip;
oursOnlyRestart('an event not yet acknowledged is delivered after a restart', async () => {
  const { startEmulator } = await import('../../src/index');
  const fs = await import('node:fs');
  const os = await import('node:os');
  const path = await import('node:path');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trigger-outbox-'));
  const down = await startRecorder();
  down.setAnswer(() => 503);
  const start = (target: string) =>
    startEmulator({
      projectId: 'demo-trigger-restart',
      firestorePort: 0,
      storagePort: 0,
      dataDir,
      watchRules: false,
      log: () => undefined,
      functionsEmulator: target,
      triggerRetry: { initialBackoffMs: 60_000 },
    });
  try {
    let emulator = await start(down.address);
    const url = `http://127.0.0.1:${emulator.firestorePort}`;
    await fetch(
      `${url}/emulator/v1/projects/demo-trigger-restart/eventarcTrigger?eventarcTriggerId=t-0`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          eventType: `${EVENT}.created`,
          database: '(default)',
          namespace: '(default)',
          document: { value: 'c/{id}', matchType: 'PATH_PATTERN' },
        }),
      },
    );
    const database = 'projects/demo-trigger-restart/databases/(default)';
    await fetch(`${url}/v1/${database}/documents:commit`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
      body: JSON.stringify({
        writes: [{ update: { name: `${database}/documents/c/1`, fields: {} } }],
      }),
    });
    const [failed] = await down.waitFor(1);
    expect(failed!.status).toBe(503);
    await emulator.stop();

    const up = await startRecorder();
    emulator = await start(up.address);
    const [delivered] = await up.waitFor(1);
    expect(delivered!.status).toBe(200);
    expect(delivered!.headers['ce-id']).toBe(failed!.headers['ce-id']);
    expect(delivered!.body).toBe(failed!.body);
    await emulator.triggersIdle();
    await emulator.stop();
    await up.close();
  } finally {
    await down.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

// Forgetting a project's triggers is this emulator's own endpoint (the Functions host calls it when
// its triggers are turned off); Google's has none, so this runs on this emulator only.
const oursOnlyForget = BACKEND === 'emulator' ? test : test.skip;
oursOnlyForget(
  "DELETE …/triggers forgets the project's triggers until they are registered again",
  async () => {
    expect((await register2ndGen('forget-0', 'created', 'forget/{id}')).status).toBe(200);
    const response = await fetch(`${firestore.url}/emulator/v1/projects/${PROJECT}/triggers`, {
      method: 'DELETE',
    });
    expect(response.status).toBe(200);
    const before = recorder.received.length;
    await commit(firestore, [set('forget/unheard', {})]);
    expect((await register2ndGen('forget-0', 'created', 'forget/{id}')).status).toBe(200);
    await commit(firestore, [set('forget/heard', {})]);
    const [delivery] = await next(before, 1);
    expect(delivery!.headers['ce-document']).toBe('forget/heard');
  },
);
