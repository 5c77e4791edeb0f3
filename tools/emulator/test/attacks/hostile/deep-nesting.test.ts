/**
 * Deeply nested input (composite filters, map values) is refused as INVALID_ARGUMENT before any
 * part of the server recurses through it: never a 500, never a stack trace, server unharmed.
 */
import { MAX_FILTER_DEPTH } from '../../../src/firestore/protocol/query';
import {
  DATABASE,
  DOCS,
  RawChannel,
  channelPath,
  messagesOf,
  request,
  startWireServer,
  type WireServer,
} from '../../server/wire';

let wire: WireServer;
beforeAll(async () => {
  wire = await startWireServer();
});
afterAll(async () => {
  await wire?.close();
});

// Built as text: the nesting is deeper than JSON.stringify itself can recurse.
const LEAF =
  '{"fieldFilter":{"field":{"fieldPath":"n"},"op":"EQUAL","value":{"integerValue":"1"}}}';

function nestedFilter(depth: number): string {
  return `${'{"compositeFilter":{"op":"AND","filters":['.repeat(depth)}${LEAF}${']}}'.repeat(depth)}`;
}

function nestedMap(depth: number): string {
  return `${'{"mapValue":{"fields":{"m":'.repeat(depth)}{"integerValue":"1"}${'}}}'.repeat(depth)}`;
}

const query = (where: string) => `{"from":[{"collectionId":"c"}],"where":${where}}`;

async function post(path: string, body: string) {
  const res = await request(`${wire.url}/v1/${DOCS}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body,
  });
  return { status: res.status, body: JSON.parse(res.text) as { error?: Record<string, unknown> } };
}

test.each([MAX_FILTER_DEPTH + 1, 10_000])(
  'runQuery with composite filters nested %i deep is 400 INVALID_ARGUMENT',
  async (depth) => {
    const reply = await post(':runQuery', `{"structuredQuery":${query(nestedFilter(depth))}}`);
    expect(reply).toEqual({
      status: 400,
      body: {
        error: {
          code: 400,
          message: `Invalid query: composite filters may be nested at most ${MAX_FILTER_DEPTH} deep.`,
          status: 'INVALID_ARGUMENT',
        },
      },
    });
  },
);

test('nesting up to the limit is still a query', async () => {
  const reply = await post(
    ':runQuery',
    `{"structuredQuery":${query(nestedFilter(MAX_FILTER_DEPTH - 1))}}`,
  );
  expect(reply.status).toBe(200);
});

test('runAggregationQuery with deep nesting is 400, not 500', async () => {
  const reply = await post(
    ':runAggregationQuery',
    `{"structuredAggregationQuery":{"structuredQuery":${query(nestedFilter(10_000))},"aggregations":[{"alias":"n","count":{}}]}}`,
  );
  expect(reply.status).toBe(400);
  expect(reply.body.error?.['status']).toBe('INVALID_ARGUMENT');
});

test('a commit with a map nested 10,000 deep is 400 and writes nothing', async () => {
  const reply = await post(
    ':commit',
    `{"writes":[{"update":{"name":"${DOCS}/c/deep","fields":{"m":${nestedMap(10_000)}}}}]}`,
  );
  expect(reply.status).toBe(400);
  expect(reply.body.error?.['status']).toBe('INVALID_ARGUMENT');
  expect(JSON.stringify(reply.body)).not.toMatch(/at \w+ \(|\.ts:\d+/);
  expect(wire.engine.getDocument(`${DOCS}/c/deep`)).toBeNull();
});

test('a Listen target with deep nesting is removed with INVALID_ARGUMENT; the stream lives on', async () => {
  const channel = new RawChannel(wire.url, 'Listen');
  // A harmless first target opens the session; the raw forward POST then carries the deep one.
  await channel.handshake({
    addTarget: {
      targetId: 1,
      query: { parent: DOCS, structuredQuery: { from: [{ collectionId: 'c' }] } },
    },
  });
  const deep = `{"addTarget":{"targetId":2,"query":{"parent":"${DOCS}","structuredQuery":${query(nestedFilter(10_000))}}}}`;
  const params = new URLSearchParams({
    VER: '8',
    database: DATABASE,
    SID: channel.sid,
    RID: '2',
    AID: '0',
    t: '1',
  });
  const posted = await request(`${wire.url}${channelPath('Listen')}?${params.toString()}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ count: '1', ofs: '1', req0___data__: deep }).toString(),
  });
  expect(posted.status).toBe(200);
  const arrays = await channel.stream(0, (got) =>
    messagesOf(got).some(
      (m) => (m['targetChange'] as { targetChangeType?: string })?.targetChangeType === 'REMOVE',
    ),
  );
  const removed = messagesOf(arrays).find(
    (m) => (m['targetChange'] as { targetChangeType?: string })?.targetChangeType === 'REMOVE',
  );
  expect(removed?.['targetChange']).toMatchObject({ targetIds: [2], cause: { code: 3 } });
  expect(messagesOf(arrays).some((m) => m['error'] !== undefined)).toBe(false);
  await channel.terminate();
});
