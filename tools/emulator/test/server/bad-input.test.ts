import { startStack, type HarnessClient, type Stack } from '../harness';
import { RawChannel, messagesOf, request } from './wire';

/** Bad requests get Firestore's status and message, and never disturb anyone else. */

let stack: Stack;
let alice: HarnessClient;
let docs: string;
let database: string;
beforeAll(async () => {
  stack = await startStack();
  alice = await stack.openClient({ uid: 'alice' });
  database = `projects/${stack.projectId}/databases/(default)`;
  docs = `${database}/documents`;
  // A live listener that must keep working through everything below.
  await alice.run(async (fb) => {
    const f = fb.fs;
    fb.vars['n'] = null;
    f.onSnapshot(f.doc(fb.db, 'canary/c'), (s) => {
      if (!s.metadata.fromCache) fb.vars['n'] = s.exists() ? s.data()!['n'] : 'missing';
    });
  });
  await alice.waitFor((fb) => fb.vars['n'] === 'missing');
}, 120_000);
afterAll(async () => {
  await stack?.stop();
});

async function post(path: string, body: string) {
  const res = await request(`${stack.firestoreUrl}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'text/plain' },
    body,
  });
  return { status: res.status, body: JSON.parse(res.text) as unknown };
}

test('malformed JSON on REST is 400 INVALID_ARGUMENT', async () => {
  expect(await post(`/v1/${docs}:commit`, '{"writes": [')).toEqual({
    status: 400,
    body: {
      error: { code: 400, message: 'Invalid JSON payload received.', status: 'INVALID_ARGUMENT' },
    },
  });
  expect((await post(`/v1/${docs}:batchGet`, '[1,2]')).status).toBe(400);
});

test('an oversize document is refused with the official text, over REST and over the SDK', async () => {
  const big = 'x'.repeat(1_100_000);
  const rest = await post(
    `/v1/${docs}:commit`,
    JSON.stringify({
      writes: [{ update: { name: `${docs}/big/one`, fields: { s: { stringValue: big } } } }],
    }),
  );
  expect(rest).toEqual({
    status: 400,
    body: {
      error: {
        code: 400,
        status: 'INVALID_ARGUMENT',
        message: expect.stringMatching(
          /^Document '.*big\/one' cannot be written because its size \([\d,]+ bytes\) exceeds the maximum allowed size of 1,048,576 bytes\.$/,
        ),
      },
    },
  });
  const sdk = await alice.run(async (fb, size) => {
    const f = fb.fs;
    try {
      await f.setDoc(f.doc(fb.db, 'big/two'), { s: 'x'.repeat(size) });
      return null;
    } catch (e) {
      return { code: (e as { code: string }).code, message: (e as Error).message };
    }
  }, 1_100_000);
  expect(sdk).toEqual({
    code: 'invalid-argument',
    message: expect.stringContaining('exceeds the maximum allowed size of 1,048,576 bytes'),
  });
});

test('a query shape the SDK never sends is 400 on REST and a target error on Listen', async () => {
  const restQuery = await post(
    `/v1/${docs}:runQuery`,
    JSON.stringify({
      structuredQuery: {
        from: [{ collectionId: 'posts' }],
        where: {
          fieldFilter: { field: { fieldPath: 'a' }, op: 'SOUNDS_LIKE', value: { nullValue: null } },
        },
      },
    }),
  );
  expect(restQuery.status).toBe(400);
  expect(restQuery.body).toEqual({
    error: { code: 400, status: 'INVALID_ARGUMENT', message: expect.any(String) },
  });

  const channel = new RawChannel(stack.firestoreUrl, 'Listen');
  const arrays = await channel.handshake({
    database,
    addTarget: {
      targetId: 8,
      query: { parent: docs, structuredQuery: { from: [{ collectionId: 'posts' }], limit: -3 } },
    },
  });
  expect(messagesOf(arrays.slice(1))).toEqual([
    {
      targetChange: {
        targetChangeType: 'REMOVE',
        targetIds: [8],
        cause: { code: 3, message: expect.any(String) },
      },
    },
  ]);
  await channel.terminate();
});

test('broken stream messages: bad form data is 400, a non-object message is a stream error', async () => {
  const channel = new RawChannel(stack.firestoreUrl, 'Listen');
  await channel.handshake({ database, addTarget: { targetId: 2, documents: { documents: [] } } });
  const url = `${stack.firestoreUrl}/google.firestore.v1.Firestore/Listen/channel?VER=8&SID=${channel.sid}&RID=5&AID=0`;
  const badJson = await request(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'count=1&ofs=1&req0___data__=%7B%22addTarget',
  });
  expect(badJson.status).toBe(400);
  expect(JSON.parse(badJson.text)).toEqual({
    error: { code: 400, message: 'Invalid JSON payload received.', status: 'INVALID_ARGUMENT' },
  });

  const notObject = await channel.send([[1, 2, 3]], { ofs: 1 });
  expect(notObject.status).toBe(200);
  const polled = await channel.poll(3);
  expect(messagesOf(polled.arrays)).toEqual([
    {
      error: {
        code: 3,
        status: 'INVALID_ARGUMENT',
        message: 'Invalid listen request: expected a JSON object.',
      },
    },
  ]);
});

test('unknown session, unknown path and an oversize body', async () => {
  const unknown = await request(
    `${stack.firestoreUrl}/google.firestore.v1.Firestore/Write/channel?VER=8&SID=nope&RID=rpc&AID=0&CI=1&TYPE=xmlhttp`,
  );
  expect(unknown.status).toBe(400);
  expect(unknown.text).toContain('Unknown SID');

  const missing = await request(`${stack.firestoreUrl}/v2/whatever`);
  expect(missing.status).toBe(404);
  expect(JSON.parse(missing.text)).toEqual({
    error: { code: 404, status: 'NOT_FOUND', message: 'Not found: GET /v2/whatever' },
  });
  const unknownRpc = await post(`/v1/${docs}:explode`, '{}');
  expect(unknownRpc.status).toBe(404);

  const huge = await post(`/v1/${docs}:commit`, 'x'.repeat(17 * 1024 * 1024));
  expect(huge.status).toBe(413);
});

test('rules upload endpoint: broken rules are refused with issues and change nothing', async () => {
  const res = await request(
    `${stack.firestoreUrl}/emulator/v1/projects/${stack.projectId}:securityRules`,
    {
      method: 'PUT',
      body: JSON.stringify({
        rules: { files: [{ name: 'firestore.rules', content: 'service cloud.firestore { match' }] },
      }),
    },
  );
  expect(res.status).toBe(400);
  const body = JSON.parse(res.text) as { issues: Array<{ sourcePosition: { line: number } }> };
  expect(body.issues.length).toBeGreaterThan(0);
  expect(body.issues[0]!.sourcePosition.line).toBe(1);
});

test('after all of that the server still serves: health, writes and the live listener', async () => {
  const health = await request(`${stack.firestoreUrl}/healthz`);
  expect(health.status).toBe(200);
  const n = await alice.run(async (fb) => {
    const f = fb.fs;
    await f.setDoc(f.doc(fb.db, 'canary/c'), { n: 7 });
    return (await f.getDoc(f.doc(fb.db, 'canary/c'))).data()!['n'];
  });
  expect(n).toBe(7);
  await alice.waitFor((fb) => fb.vars['n'] === 7);
});
