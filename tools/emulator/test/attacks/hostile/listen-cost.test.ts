/**
 * A hostile client whose Listen targets are few but heavy: each target is charged the documents
 * its first run loads, against what one caller may hold in all and may load per second. The
 * offending stream ends with RESOURCE_EXHAUSTED; another member on the same server is served.
 */
import { idToken } from '../../harness';
import {
  DATABASE,
  DOCS,
  PROJECT,
  RawChannel,
  docTarget,
  messagesOf,
  queryTarget,
  startWireServer,
  type WireServer,
} from '../../server/wire';
import { viaWire } from '../../engine/helpers';

const MAX_DOCUMENTS = 30;
const DOCUMENTS_PER_SECOND = 2;

let holding: WireServer;
let loading: WireServer;
beforeAll(async () => {
  holding = await startWireServer({}, { listen: { maxDocumentsPerCaller: MAX_DOCUMENTS } });
  loading = await startWireServer(
    {},
    { listen: { targetDocumentsPerSecond: DOCUMENTS_PER_SECOND } },
  );
});
afterAll(async () => {
  await holding?.close();
  await loading?.close();
});

const auth = (uid: string) => `Authorization: Bearer ${idToken(uid, PROJECT)}`;

function seed(wire: WireServer, collection: string, count: number): void {
  viaWire(wire.engine).commit(
    DATABASE,
    Array.from({ length: count }, (_, i) => ({
      update: { name: `${DOCS}/${collection}/d${i}`, fields: { n: { integerValue: String(i) } } },
    })),
  );
}

const errorOf = (arrays: Array<[number, unknown[]]>) =>
  messagesOf(arrays).find((m) => m['error'] !== undefined)?.['error'];

/** Another member's query of `collection` on `wire` gets all `count` documents. */
async function honestMemberGets(wire: WireServer, collection: string, count: number) {
  const channel = new RawChannel(wire.url, 'Listen');
  await channel.handshake(queryTarget(1, collection), auth('honest'));
  const arrays = await channel.stream(0, (got) =>
    messagesOf(got).some((m) => JSON.stringify(m).includes('"CURRENT"')),
  );
  await channel.terminate();
  expect(messagesOf(arrays).filter((m) => m['documentChange']).length).toBe(count);
  expect(errorOf(arrays)).toBeUndefined();
}

test('targets holding more documents than one caller may hold end the stream', async () => {
  seed(holding, 'held', 20);
  const hostile = new RawChannel(holding.url, 'Listen');
  await hostile.handshake(queryTarget(1, 'held'), auth('hoarder'));
  // The second query of the same 20 documents would hold 40 in all.
  expect((await hostile.send([queryTarget(2, 'held')])).status).toBe(200);

  const arrays = await hostile.stream(0, (got) => errorOf(got) !== undefined);
  expect(errorOf(arrays)).toEqual({
    code: 8,
    message: `One caller's Listen targets may hold at most ${MAX_DOCUMENTS} documents.`,
    status: 'RESOURCE_EXHAUSTED',
  });
  await honestMemberGets(holding, 'held', 20);
});

test('what a stream held is given back when it ends', async () => {
  seed(holding, 'again', 20);
  for (let round = 0; round < 3; round++) {
    const channel = new RawChannel(holding.url, 'Listen');
    await channel.handshake(queryTarget(1, 'again'), auth('returner'));
    const arrays = await channel.stream(0, (got) =>
      messagesOf(got).some((m) => JSON.stringify(m).includes('"CURRENT"')),
    );
    expect(errorOf(arrays)).toBeUndefined();
    await channel.terminate();
  }
});

test('new targets loading documents faster than the rate end the stream', async () => {
  const burst = DOCUMENTS_PER_SECOND * 10;
  const hostile = new RawChannel(loading.url, 'Listen');
  await hostile.handshake(docTarget(1, 'rate/0'), auth('flooder'));
  // Each one-document target costs 2 (the target and its document): the burst runs out halfway.
  const flood = Array.from({ length: burst }, (_, i) => docTarget(i + 2, `rate/${i + 2}`));
  expect((await hostile.send(flood)).status).toBe(200);

  const arrays = await hostile.stream(0, (got) => errorOf(got) !== undefined);
  expect(errorOf(arrays)).toEqual({
    code: 8,
    message: `One caller's new Listen targets may load at most ${DOCUMENTS_PER_SECOND} documents a second.`,
    status: 'RESOURCE_EXHAUSTED',
  });
  seed(loading, 'other', 5);
  await honestMemberGets(loading, 'other', 5);
});
