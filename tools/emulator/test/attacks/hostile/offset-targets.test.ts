/**
 * Listen targets with an `offset` used to re-run their query on every commit that touched their
 * collection, so one client holding many of them slowed every other client's commits. They are
 * now kept up to date like limit windows: inserts and updates never re-run a query, and what
 * the client holds stays exactly the query's result.
 */
import type { CompiledQuery, QueryPlan } from '../../../src/firestore/engine';
import {
  DATABASE,
  DOCS,
  RawChannel,
  messagesOf,
  startWireServer,
  type WireServer,
} from '../../server/wire';
import { viaWire } from '../../engine/helpers';

let wire: WireServer;
let queryRuns = 0;
beforeAll(async () => {
  wire = await startWireServer({}, { listen: { maxTargetsPerSession: 100 } });
  // Count the engine's query runs (the real queries still run).
  const engine = wire.engine;
  const compile = engine.compileQuery.bind(engine);
  engine.compileQuery = (plan: QueryPlan): CompiledQuery => {
    const query = compile(plan);
    const run = query.run.bind(query);
    query.run = () => {
      queryRuns++;
      return run();
    };
    return query;
  };
});
afterAll(async () => {
  await wire?.close();
});

const set = (id: string, n: number, note = '') => ({
  update: {
    name: `${DOCS}/ranked/${id}`,
    fields: { n: { integerValue: String(n) }, note: { stringValue: note } },
  },
});
const commit = (writes: unknown[]) => viaWire(wire.engine).commit(DATABASE, writes);

const structuredQuery = (offset: number, limit: number) => ({
  from: [{ collectionId: 'ranked' }],
  orderBy: [{ field: { fieldPath: 'n' }, direction: 'ASCENDING' }],
  offset,
  limit,
});

/** Applies a target's messages to what the client would hold. */
function held(arrays: Array<[number, unknown[]]>, targetId: number): string[] {
  const names = new Set<string>();
  for (const m of messagesOf(arrays)) {
    const change = m['documentChange'] as
      { document: { name: string }; targetIds?: number[]; removedTargetIds?: number[] } | undefined;
    if (change?.targetIds?.includes(targetId)) names.add(change.document.name);
    if (change?.removedTargetIds?.includes(targetId)) names.delete(change.document.name);
    for (const kind of ['documentDelete', 'documentRemove']) {
      const gone = m[kind] as { document: string; removedTargetIds?: number[] } | undefined;
      if (gone?.removedTargetIds?.includes(targetId)) names.delete(gone.document);
    }
  }
  return [...names].sort();
}

test('inserts and in-place edits re-run no offset query, and the client holds exactly the result', async () => {
  commit(Array.from({ length: 300 }, (_, i) => set(`d${i}`, i * 10)));

  const hostile = new RawChannel(wire.url, 'Listen');
  await hostile.handshake({
    addTarget: { targetId: 1, query: { parent: DOCS, structuredQuery: structuredQuery(100, 20) } },
  });
  await hostile.send(
    Array.from({ length: 50 }, (_, i) => ({
      addTarget: {
        targetId: i + 2,
        query: { parent: DOCS, structuredQuery: structuredQuery(50 + i, 10) },
      },
    })),
  );

  queryRuns = 0;
  for (let i = 0; i < 40; i++) {
    // New documents before, inside and after the windows, and edits that keep their place.
    const kept = (i * 7) % 300;
    commit([set(`new${i}`, ((i * 97) % 3000) + 5), set(`d${kept}`, kept * 10, `edit ${i}`)]);
  }
  expect(queryRuns).toBe(0);

  const expected = viaWire(wire.engine)
    .runQuery(DOCS, structuredQuery(100, 20))
    .documents.map((d) => d.name)
    .sort();
  expect(expected).toHaveLength(20);
  const arrays = await hostile.stream(0, (got) => held(got, 1).join() === expected.join());
  expect(held(arrays, 1)).toEqual(expected);
  await hostile.terminate();
});

test('a delete inside a full window still gives the exact result', async () => {
  const reader = new RawChannel(wire.url, 'Listen');
  await reader.handshake({
    addTarget: { targetId: 7, query: { parent: DOCS, structuredQuery: structuredQuery(10, 5) } },
  });
  const first = viaWire(wire.engine).runQuery(DOCS, structuredQuery(0, 12)).documents;
  commit([{ delete: first[3]!.name }, { delete: first[11]!.name }]);
  const expected = viaWire(wire.engine)
    .runQuery(DOCS, structuredQuery(10, 5))
    .documents.map((d) => d.name)
    .sort();
  const arrays = await reader.stream(0, (got) => held(got, 7).join() === expected.join());
  expect(held(arrays, 7)).toEqual(expected);
  await reader.terminate();
});
