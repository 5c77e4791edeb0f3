import { startEmulator, type RunningEmulator } from '../../src/index';
import type { Op } from './model';
import { sendThroughNodeHttp } from './node-http';
import { startNodeSdk, withServerCode, type NodeSdk } from './node-sdk';
import { interpretInPage } from './page-interpreter';

/**
 * The REST build in Node reports every HTTP 400 as `failed-precondition`; the differential test
 * compares the code the server sent instead (node-http.ts), and runs an operation again in the
 * page only when that code is not certain. Against this emulator, with the real REST build.
 */
let emulator: RunningEmulator;
let firestoreUrl: string;
let node: NodeSdk;
beforeAll(async () => {
  emulator = await startEmulator({
    projectId: 'demo-node-sdk',
    firestorePort: 0,
    storagePort: 0,
    dataDir: null,
    log: () => undefined,
  });
  firestoreUrl = `http://127.0.0.1:${emulator.firestorePort}`;
  node = startNodeSdk('demo-node-sdk', firestoreUrl);
});
afterAll(async () => {
  await node?.stop();
  await emulator?.stop();
});

// Refused by the server with INVALID_ARGUMENT (HTTP 400), not by the SDK's own checks.
const orderAfterKey: Op = {
  op: 'query',
  q: {
    from: 'c',
    orderBy: [
      ['__name__', 'asc'],
      ['b', 'asc'],
    ],
  },
};

const runInNode = async (op: Op) =>
  (await interpretInPage(node, { ops: [op], ns: 'n', restBase: firestoreUrl, now: Date.now() }))
    .outcomes[0]!;

test('a server error takes the code the server sent, not its HTTP status’s', async () => {
  const undo = sendThroughNodeHttp([firestoreUrl]);
  try {
    const outcome = await runInNode(orderAfterKey);
    expect(outcome).toMatchObject({ error: 'failed-precondition' });
    expect(withServerCode(firestoreUrl, outcome)).toMatchObject({ error: 'invalid-argument' });
  } finally {
    undo();
  }
});

test('without that emulator’s answer on record the code is not certain', async () => {
  const outcome = await runInNode(orderAfterKey);
  expect(outcome).toMatchObject({ error: 'failed-precondition' });
  // No answer from an emulator at this address was seen.
  expect(withServerCode('http://127.0.0.1:1', outcome)).toBeNull();
});

test('the SDK’s own errors and successes are kept as they are', async () => {
  const refusedBySdk = await runInNode({
    op: 'query',
    q: { from: 'c', where: { field: 'b', cmp: 'in', value: [] } },
  });
  expect(refusedBySdk).toMatchObject({ error: 'invalid-argument' });
  expect(withServerCode(firestoreUrl, refusedBySdk)).toBe(refusedBySdk);
  const ok = await runInNode({ op: 'get', path: 'c/d' });
  expect(withServerCode(firestoreUrl, ok)).toBe(ok);
});
