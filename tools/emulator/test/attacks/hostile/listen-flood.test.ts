/**
 * A hostile client on the Listen stream: a flood of targets, a stream it never reads, a session
 * it keeps "alive" with empty forward POSTs. Each is ended with the status the SDK understands,
 * and a well-behaved client on the same server keeps getting its snapshots.
 */
import {
  DATABASE,
  DOCS,
  RawChannel,
  docTarget,
  messagesOf,
  queryTarget,
  request,
  startWireServer,
  type WireServer,
} from '../../server/wire';
import { viaWire } from '../../engine/helpers';

const MAX_TARGETS = 5;
const MAX_QUEUED_BYTES = 20_000;
const IDLE_MS = 800;

let wire: WireServer;
beforeAll(async () => {
  wire = await startWireServer(
    {
      idleTimeoutMs: IDLE_MS,
      keepAliveMs: 200,
      longPollHoldMs: 300,
      maxQueuedBytes: MAX_QUEUED_BYTES,
    },
    { listen: { maxTargetsPerSession: MAX_TARGETS } },
  );
});
afterAll(async () => {
  await wire?.close();
});

function put(path: string, text: string): void {
  viaWire(wire.engine).commit(DATABASE, [
    { update: { name: `${DOCS}/${path}`, fields: { text: { stringValue: text } } } },
  ]);
}

const errorOf = (arrays: Array<[number, unknown[]]>) =>
  messagesOf(arrays).find((m) => m['error'] !== undefined)?.['error'];

/** A well-behaved listener of one document: proves the server still serves everyone else. */
async function honestListenerSees(path: string, text: string): Promise<void> {
  const channel = new RawChannel(wire.url, 'Listen');
  await channel.handshake(docTarget(1, path));
  const seen = channel.stream(0, (arrays) =>
    messagesOf(arrays).some((m) =>
      JSON.stringify(m['documentChange'] ?? null).includes(`"stringValue":"${text}"`),
    ),
  );
  await new Promise((r) => setTimeout(r, 50));
  put(path, text);
  await seen;
  await channel.terminate();
}

test('a flood of targets in one forward POST ends that stream with RESOURCE_EXHAUSTED', async () => {
  const hostile = new RawChannel(wire.url, 'Listen');
  await hostile.handshake(docTarget(1, 'flood/0'));
  const flood = Array.from({ length: 50 }, (_, i) => docTarget(i + 2, `flood/${i + 2}`));
  expect((await hostile.send(flood)).status).toBe(200);

  const arrays = await hostile.stream(0, (got) => errorOf(got) !== undefined);
  expect(errorOf(arrays)).toEqual({
    code: 8,
    message: `A Listen stream may hold at most ${MAX_TARGETS} targets.`,
    status: 'RESOURCE_EXHAUSTED',
  });
  // Nothing it had not read stays queued for it: the error is all that is left.
  expect(messagesOf(arrays)).toEqual([{ error: errorOf(arrays) }]);
  // Once its last message is read, the session is gone.
  const after = await hostile.send([docTarget(99, 'flood/99')]);
  expect(after.status).toBe(400);
  expect(after.text).toContain('Unknown SID');

  await honestListenerSees('honest/a', 'after the flood');
});

test('a client that lets bytes pile up unread is ended with RESOURCE_EXHAUSTED; others are fine', async () => {
  const writes = Array.from({ length: 40 }, (_, i) => ({
    update: { name: `${DOCS}/heavy/d${i}`, fields: { text: { stringValue: 'x'.repeat(1000) } } },
  }));
  viaWire(wire.engine).commit(DATABASE, writes);

  // Two query targets over 40 KB of documents, and no backchannel read while they are served.
  const hostile = new RawChannel(wire.url, 'Listen');
  await hostile.handshake(docTarget(1, 'heavy/none'));
  await hostile.send([queryTarget(2, 'heavy'), queryTarget(3, 'heavy')]);

  const arrays = await hostile.stream(0, (got) => errorOf(got) !== undefined);
  expect(errorOf(arrays)).toEqual({
    code: 8,
    message: `The stream queued more than ${MAX_QUEUED_BYTES} bytes its client did not read.`,
    status: 'RESOURCE_EXHAUSTED',
  });
  // What it did not read was dropped, not delivered late: no document after the error.
  const total = arrays.reduce((n, a) => n + JSON.stringify(a).length, 0);
  expect(total).toBeLessThan(MAX_QUEUED_BYTES);

  await honestListenerSees('honest/b', 'after the pile-up');
});

test('empty forward POSTs do not keep a session that never reads alive', async () => {
  const hostile = new RawChannel(wire.url, 'Listen');
  await hostile.handshake(docTarget(1, 'idle/x'));
  const deadline = Date.now() + IDLE_MS * 3;
  let status = 200;
  while (Date.now() < deadline && status === 200) {
    status = (await hostile.send([])).status;
    await new Promise((r) => setTimeout(r, 100));
  }
  expect(status).toBe(400);
  const health = await request(`${wire.url}/healthz`);
  expect((JSON.parse(health.text) as { sessions: { listen: number } }).sessions.listen).toBe(0);
});

test('a session that reads its backchannel stays alive past the idle time', async () => {
  const reader = new RawChannel(wire.url, 'Listen');
  await reader.handshake(docTarget(1, 'idle/y'));
  // Keep-alive noops every 200 ms for three idle periods; the session must survive them.
  const arrays = await reader.stream(
    0,
    (got) => got.filter(([, p]) => p[0] === 'noop').length >= (IDLE_MS * 3) / 200,
    IDLE_MS * 6,
  );
  expect(arrays.length).toBeGreaterThan(0);
  expect((await reader.send([])).status).toBe(200);
  await reader.terminate();
});
