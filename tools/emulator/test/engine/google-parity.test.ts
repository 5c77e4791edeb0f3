import { FirestoreError, type FirestoreEngine } from '../../src/firestore/engine';
import { compileAggregationQuery, compileQuery, wireDocument } from '../../src/firestore/protocol';
import {
  DB,
  ROOT,
  docName,
  field,
  memoryEngine,
  seed,
  toValue,
  viaWire,
  where,
  wire,
} from './helpers';

/**
 * The parts of the fixes for the differential test's findings that the SDK cannot reach (the
 * browser suites test/server/fidelity-*.test.ts run the rest on both backends): runQuery's
 * wording, integers past what a JavaScript number holds, and the proto3 JSON form of values.
 */
const from = [{ collectionId: 'c' }];
const and = (...filters: unknown[]) => ({ compositeFilter: { op: 'AND', filters } });

function refusal(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    if (!(e instanceof FirestoreError)) throw e;
    return `${e.status}: ${e.message}`;
  }
  return 'answered';
}

describe('two array-contains filters in one conjunction', () => {
  const twoContains = {
    from,
    where: and(where('a', 'ARRAY_CONTAINS', 1), where('b', 'ARRAY_CONTAINS_ANY', [2])),
  };

  it('are refused with the Listen wording by default and the runQuery wording on request', () => {
    expect(refusal(() => compileQuery(ROOT, twoContains))).toBe(
      'FAILED_PRECONDITION: Only a single array-contains clause is allowed in a query',
    );
    expect(refusal(() => compileQuery(ROOT, twoContains, { via: 'request' }))).toBe(
      "INVALID_ARGUMENT: A maximum of 1 'ARRAY_CONTAINS' filter is allowed per disjunction.",
    );
  });

  it('count once when the same filter comes twice, and once per branch of an OR', () => {
    const same = where('a', 'ARRAY_CONTAINS', 1);
    expect(refusal(() => compileQuery(ROOT, { from, where: and(same, same) }))).toBe('answered');
    const or = { compositeFilter: { op: 'OR', filters: [same, where('b', 'ARRAY_CONTAINS', 1)] } };
    expect(refusal(() => compileQuery(ROOT, { from, where: or }))).toBe('answered');
  });
});

describe('sum() and average()', () => {
  let engine: FirestoreEngine;
  beforeEach(async () => {
    engine = await memoryEngine();
  });
  const aggregate = (collectionId: string, structured: object = {}) => {
    const { query, aggregations } = compileAggregationQuery(ROOT, {
      structuredQuery: { from: [{ collectionId }], ...structured },
      aggregations: [
        { alias: 's', sum: { field: field('b') } },
        { alias: 'a', avg: { field: field('b') } },
      ],
    });
    return engine.aggregate(query, aggregations);
  };
  const int = (n: string) => wire({ integerValue: n });

  it('add int64 values exactly, and give a double once the sum leaves the int64 range', () => {
    seed(engine, { 'exact/d1': { b: int('9223372036854775807') }, 'exact/d2': { b: int('-5') } });
    seed(engine, { 'over/d1': { b: int('9223372036854775807') }, 'over/d2': { b: int('1') } });
    expect(aggregate('exact')).toEqual({
      s: { integerValue: '9223372036854775802' },
      // 9223372036854775802 is 2^63 as a double.
      a: { doubleValue: 2 ** 62 },
    });
    expect(aggregate('over')).toEqual({
      s: { doubleValue: 2 ** 63 },
      a: { doubleValue: 2 ** 62 },
    });
  });

  it('refuse to follow a filter on __name__: their fields would come after it in the index', () => {
    const onKey = { where: where('__name__', 'EQUAL', wire({ referenceValue: docName('c/d1') })) };
    expect(refusal(() => aggregate('c', onKey))).toBe(
      'INVALID_ARGUMENT: This query requires an index that has fields [b] after __name__ and Firestore does not currently support such an index. Please try the query again with additional ordering on those fields.',
    );
    // Ordered by b first, nothing follows __name__.
    const ordered = { ...onKey, orderBy: [{ field: field('b'), direction: 'ASCENDING' }] };
    expect(refusal(() => aggregate('c', ordered))).toBe('answered');
  });
});

describe('range filters on numbers', () => {
  it('never match NaN, which sorts below every number', async () => {
    const engine = await memoryEngine();
    seed(engine, { 'nan/d1': { b: wire({ doubleValue: 'NaN' }) }, 'nan/d2': { b: 1 } });
    const run = (op: string, value: unknown) =>
      viaWire(engine)
        .runQuery(ROOT, { from: [{ collectionId: 'nan' }], where: where('b', op, value) })
        .documents.map((d) => d.name.slice(-2));
    expect(run('LESS_THAN', 5)).toEqual(['d2']);
    expect(run('LESS_THAN_OR_EQUAL', 5)).toEqual(['d2']);
    expect(run('GREATER_THAN_OR_EQUAL', wire({ doubleValue: '-Infinity' }))).toEqual(['d2']);
    // Not a range: != keeps NaN.
    expect(run('NOT_EQUAL', 5)).toEqual(['d1', 'd2']);
  });
});

describe('commits', () => {
  it('refuse an update of a document deleted earlier in the same commit, even a missing one', async () => {
    const engine = await memoryEngine();
    const name = docName('c/missing');
    const update = {
      update: { name, fields: { a: toValue(1) } },
      updateMask: { fieldPaths: ['a'] },
      currentDocument: { exists: true },
    };
    expect(refusal(() => viaWire(engine).commit(DB, [{ delete: name }, update]))).toBe(
      'INVALID_ARGUMENT: Cannot delete then update an entity in the same request.',
    );
    // Without the delete it is the update's own NOT_FOUND.
    expect(refusal(() => viaWire(engine).commit(DB, [update]))).toMatch(/^NOT_FOUND: /);
  });

  it('refuse a document verified and also written or verified again, whatever the order', async () => {
    const engine = await memoryEngine();
    seed(engine, { 'c/d': { a: 1 } });
    const name = docName('c/d');
    const verify = { verify: name, currentDocument: { exists: true } };
    const set = { update: { name, fields: { a: toValue(2) } } };
    const refused = (writes: unknown[]) => refusal(() => viaWire(engine).commit(DB, writes));
    expect(refused([verify, set])).toBe(
      'INVALID_ARGUMENT: the same document cannot be verified and then written in a single request',
    );
    expect(refused([set, verify])).toBe(
      'INVALID_ARGUMENT: the same document cannot be written and then verified in a single request',
    );
    expect(refused([verify, verify])).toBe(
      'INVALID_ARGUMENT: the same document cannot be verified more than once in a single request',
    );
    expect(refused([verify, { update: { name: docName('c/other'), fields: {} } }])).toBe(
      'answered',
    );
  });
});

describe('documents on the wire', () => {
  it('leave out empty arrays, maps and zero coordinates, and trailing zero digits of times', async () => {
    const engine = await memoryEngine();
    seed(engine, {
      'enc/d': {
        arr: [],
        inner: { list: [wire({ mapValue: {} })] },
        geo: wire({ geoPointValue: { latitude: 5, longitude: 0 } }),
        micros: wire({ timestampValue: '2020-01-01T00:00:00.000001Z' }),
        millis: wire({ timestampValue: '2020-01-01T00:00:00.5Z' }),
        negativeZero: wire({ doubleValue: '-0' }),
      },
    });
    const doc = engine.getDocument(docName('enc/d'))!;
    expect(wireDocument(doc).fields).toEqual({
      arr: { arrayValue: {} },
      inner: { mapValue: { fields: { list: { arrayValue: { values: [{ mapValue: {} }] } } } } },
      geo: { geoPointValue: { latitude: 5 } },
      micros: { timestampValue: '2020-01-01T00:00:00.000001Z' },
      millis: { timestampValue: '2020-01-01T00:00:00.500Z' },
      negativeZero: { doubleValue: 0 },
    });
    expect(Object.is((doc.fields['negativeZero'] as { doubleValue: number }).doubleValue, -0)).toBe(
      false,
    );
  });
});
