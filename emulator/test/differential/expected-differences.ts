import type { Filter, Op, Outcome, QuerySpec } from './model';

/**
 * THE list of known differences between this emulator and Google's Cloud Firestore emulator that
 * the differential test accepts. Each entry says which side is right. Remove an entry once the
 * emulator is fixed: the test then enforces the behaviour. Keep emulator/README.md ("Differences
 * found by the differential test") in step with this list.
 */
export interface ExpectedDifference {
  id: string;
  /**
   * `ours-wrong`: this emulator must be changed to behave as Google's does.
   * `google-differs-from-production`: Google's emulator is known to differ from production
   * Firestore; `reason` says which behaviour ours follows, why, and cites the docs.
   */
  verdict: 'ours-wrong' | 'google-differs-from-production';
  reason: string;
  /** Minimal operations (model.ts) that show it, as the test's reproduction prints them. */
  repro: Op[];
  /** True when this difference explains the two outcomes of `op`. */
  matches(op: Op, ours: Outcome, google: Outcome): boolean;
  /**
   * Both databases still hold the same data after a write this entry explains (so the
   * comparison goes on); otherwise the rest of the episode is not compared.
   */
  dataStaysEqual?: true;
}

const json = (value: unknown) => JSON.stringify(value);
const isError = (o: Outcome, code?: string): o is { error: string; message?: string } =>
  'error' in o && (code === undefined || o.error === code);
const messageOf = (o: Outcome) => ('error' in o ? (o.message ?? '') : '');

/** The query an operation runs, if any. */
function queryOf(op: Op): QuerySpec | null {
  return op.op === 'query' || op.op === 'aggregate' || op.op === 'listen' ? op.q : null;
}

function filters(filter: Filter | undefined): Array<Extract<Filter, { field: string }>> {
  if (!filter) return [];
  if ('and' in filter) return filter.and.flatMap(filters);
  if ('or' in filter) return filter.or.flatMap(filters);
  return [filter];
}

/** `-0` as the page reports it (SDK values and REST `doubleValue`), replaced by 0. */
const withoutNegativeZero = (o: Outcome) =>
  json(o).replaceAll('{"num":"-0"}', '0').replaceAll('["doubleValue","-0"]', '["doubleValue",0]');

export const EXPECTED_DIFFERENCES: ExpectedDifference[] = [
  {
    id: 'negative-zero-kept',
    verdict: 'ours-wrong',
    reason:
      "Google's emulator stores a written -0.0 as 0.0 (REST shows doubleValue 0; the SDK reads 0, " +
      'and a listener gets a `modified` change when the server version replaces the local -0). ' +
      'This emulator keeps -0. Production was not checked; the reference is Google’s emulator.',
    repro: [
      { op: 'set', path: 'c/d0', data: { b: { k: 'num', v: '-0' } } },
      { op: 'get', path: 'c/d0' },
      { op: 'rawGet', path: 'c/d0' },
    ],
    dataStaysEqual: true,
    // A listener also sees the local -0 before the server's 0 replaces it (an extra `modified`).
    matches: (op, ours, google) =>
      op.op === 'listen'
        ? json(ours).includes('"-0"') || json(op).includes('"-0"')
        : withoutNegativeZero(ours) !== json(ours) &&
          withoutNegativeZero(ours) === withoutNegativeZero(google),
  },
  {
    id: 'aggregation-limit-takes-documents-in-field-order',
    verdict: 'ours-wrong',
    reason:
      'sum() / average() over a query with a limit: Google’s emulator takes the documents ' +
      'holding the aggregated fields in the order of those fields (as if they were inequality ' +
      'filters, which join the implicit order), then applies the limit; this emulator applies ' +
      'the limit in the query’s own order (by name here), so other documents are aggregated.',
    repro: [
      { op: 'set', path: 'c/d0', data: { b: { k: 'num', v: 1 } } },
      { op: 'set', path: 'c/d1', data: { b: { k: 'num', v: 1 } } },
      { op: 'set', path: 'c/d4', data: { b: { k: 'num', v: 0 } } },
      { op: 'aggregate', q: { from: 'c', limit: 2 }, avg: 'b' },
    ],
    matches: (op, ours, google) =>
      op.op === 'aggregate' &&
      !!(op.sum || op.avg) &&
      (op.q.limit !== undefined || op.q.limitToLast !== undefined) &&
      !isError(ours) &&
      !isError(google),
  },
  {
    id: 'sum-beyond-2^53',
    verdict: 'ours-wrong',
    reason:
      'sum() / average() over integers whose total passes 2^53: Google’s emulator adds 64-bit ' +
      'integers exactly; this emulator adds JavaScript doubles and loses the low digits ' +
      '(9007199254741002 against 9007199254741004).',
    repro: [
      { op: 'set', path: 'c/d1', data: { b: { k: 'num', v: Number.MAX_SAFE_INTEGER } } },
      { op: 'set', path: 'c/d2', data: { b: { k: 'num', v: 2 } } },
      { op: 'set', path: 'c/d3', data: { b: { k: 'num', v: 1 } } },
      { op: 'aggregate', q: { from: 'c' }, sum: 'b', avg: 'b' },
    ],
    matches: (op, ours, google) =>
      op.op === 'aggregate' &&
      !isError(ours) &&
      !isError(google) &&
      /\["(sum|avg)",-?\d{16,}/.test(json(ours) + json(google)),
  },
  {
    id: 'range-filter-on-null-or-nan',
    verdict: 'ours-wrong',
    reason:
      'A filter other than == / != whose operand is null or NaN (`<`, `<=`, `>`, `>=`, ' +
      '`array-contains`, ...): this emulator refuses the query (INVALID_ARGUMENT "null only ' +
      "supports 'EQUAL' and 'NOT_EQUAL' comparisons\" / the same for NaN); Google’s accepts it and " +
      'returns no documents when none holds null (NaN) in the field. When one does, Google’s ' +
      'emulator never answers `a >= null` (the SDK waits until the operation times out). A fix ' +
      'should accept these queries; production was not checked.',
    repro: [
      { op: 'set', path: 'c/d1', data: { b: { k: 'num', v: 1 } } },
      { op: 'query', q: { from: 'c', where: { field: 'b', cmp: '<=', value: { k: 'null' } } } },
      {
        op: 'query',
        q: { from: 'c', where: { field: 'b', cmp: '>', value: { k: 'num', v: 'NaN' } } },
      },
    ],
    matches: (op, ours) => {
      const q = queryOf(op);
      return (
        q !== null &&
        filters(q.where).some(
          (f) =>
            !['==', '!='].includes(f.cmp) &&
            ['{"k":"null"}', '{"k":"num","v":"NaN"}'].includes(json(f.value)),
        ) &&
        (/only supports 'EQUAL' and 'NOT_EQUAL'/.test(json(ours)) ||
          (op.op === 'listen' && json(ours).includes('"invalid-argument"')))
      );
    },
  },
  {
    id: 'descending-document-id-order',
    verdict: 'ours-wrong',
    reason:
      'orderBy(documentId(), "desc") (alone or after other orderBys): Google’s emulator refuses ' +
      'it (FAILED_PRECONDITION "Firestore does not support descending key scans"); this ' +
      'emulator sorts. This is the difference issue 14 started from (the Members page).',
    repro: [{ op: 'query', q: { from: 'c', orderBy: [['__name__', 'desc']] } }],
    matches: (_op, ours, google) =>
      isError(google, 'failed-precondition') &&
      messageOf(google).includes('descending key scans') &&
      !isError(ours),
  },
  {
    id: 'order-by-after-document-id',
    verdict: 'ours-wrong',
    reason:
      'An orderBy on a field after orderBy(documentId()): Google’s emulator refuses it ' +
      '(INVALID_ARGUMENT "order by clause cannot contain more fields after the key"), since ' +
      'document names are unique and nothing can follow them in an index; this emulator sorts.',
    repro: [
      {
        op: 'query',
        q: {
          from: 'c',
          orderBy: [
            ['__name__', 'asc'],
            ['a', 'asc'],
          ],
        },
      },
    ],
    matches: (op, ours, google) =>
      isError(google, 'invalid-argument') &&
      messageOf(google).includes('cannot contain more fields after the key') &&
      !isError(ours),
  },
  {
    id: 'no-index-with-fields-after-document-id',
    verdict: 'ours-wrong',
    reason:
      'A query whose filters need an index with fields after __name__ (e.g. an OR of a ' +
      'documentId() range and an equality on another field): Google’s emulator refuses it ' +
      '(INVALID_ARGUMENT "This query requires an index that has fields [b] after __name__ and ' +
      'Firestore does not currently support such an index"), as production does; this emulator ' +
      'answers it.',
    repro: [
      {
        op: 'query',
        q: {
          from: 'c',
          where: {
            or: [
              { field: 'b', cmp: '==', value: { k: 'num', v: 1 } },
              { field: '__name__', cmp: '<', value: { k: 'ref', path: 'c/d5' } },
            ],
          },
        },
      },
    ],
    matches: (op, ours, google) =>
      isError(google, 'invalid-argument') &&
      messageOf(google).includes('after __name__') &&
      !isError(ours),
  },
  {
    id: 'empty-array-and-map-encoding',
    verdict: 'ours-wrong',
    reason:
      'REST (and so the wire): this emulator encodes an empty array as `arrayValue: {values: []}` ' +
      'and an empty map as `mapValue: {fields: {}}`, Google’s as `arrayValue: {}` and ' +
      '`mapValue: {}` (proto3 JSON leaves empty fields out); a whole-second timestamp is ' +
      '`1970-01-01T00:00:00.000000Z` here and `1970-01-01T00:00:00Z` there; a geo point at 0, 0 is ' +
      '`{latitude: 0, longitude: 0}` here and `{}` there. The SDK reads both alike; clients ' +
      'that parse REST answers see the difference.',
    repro: [
      { op: 'set', path: 'c/d0', data: { arr: { k: 'arr', v: [] } } },
      { op: 'rawGet', path: 'c/d0' },
    ],
    dataStaysEqual: true,
    matches: (op, ours, google) =>
      op.op === 'rawGet' &&
      withoutNegativeZero(ours)
        .replaceAll('[["values",[]]]', '[]')
        .replaceAll('[["fields",[]]]', '[]')
        .replaceAll('[["latitude",0],["longitude",0]]', '[]')
        .replace(/\.0+Z"/g, 'Z"') === withoutNegativeZero(google),
  },
  {
    id: 'document-id-equality-beside-inequalities',
    verdict: 'ours-wrong',
    reason:
      'A documentId() == filter in a query with an inequality on another field: Google’s emulator ' +
      'refuses it (INVALID_ARGUMENT "Equality on key is not allowed if there are other inequality ' +
      'fields and key does not appear in inequalities."); this emulator answers it.',
    repro: [
      {
        op: 'query',
        q: {
          from: 'c',
          where: {
            and: [
              { field: '__name__', cmp: '==', value: { k: 'ref', path: 'c/d5' } },
              { field: 'b', cmp: '!=', value: { k: 'num', v: 1 } },
            ],
          },
        },
      },
    ],
    matches: (op, ours, google) =>
      isError(google, 'invalid-argument') &&
      messageOf(google).includes('Equality on key is not allowed') &&
      !isError(ours),
  },
  {
    id: 'delete-then-update-in-one-commit',
    verdict: 'ours-wrong',
    reason:
      'A batch (or transaction) that deletes a document and then updates it: Google’s emulator ' +
      'refuses the whole commit (INVALID_ARGUMENT "Cannot delete then update an entity in the same ' +
      'request."); this emulator applies the writes in order and fails the update with NOT_FOUND. ' +
      'Both refuse the commit, with different codes. Production was not checked.',
    repro: [
      { op: 'set', path: 'c/d4', data: { a: { k: 'num', v: 1 } } },
      {
        op: 'batch',
        writes: [
          { op: 'delete', path: 'c/d4' },
          { op: 'update', path: 'c/d4', pairs: [[{ dotted: 'a' }, { k: 'num', v: 2 }]] },
        ],
      },
    ],
    dataStaysEqual: true,
    matches: (_op, ours, google) =>
      isError(google, 'invalid-argument') &&
      messageOf(google).includes('Cannot delete then update') &&
      isError(ours),
  },
  {
    id: 'in-with-array-operands',
    verdict: 'ours-wrong',
    reason:
      'An `in` / `not-in` / `array-contains-any` list holding arrays (e.g. `m.x in [ts, []]`): ' +
      'this emulator refuses the query (INVALID_ARGUMENT "Property  contains an invalid nested ' +
      'entity."); Google’s accepts it and matches array values by equality, as the docs allow ' +
      '(`where("a", "in", [["x"], ["y"]])` matches an array field equal to one of them).',
    repro: [
      {
        op: 'query',
        q: { from: 'c', where: { field: 'a', cmp: 'in', value: [{ k: 'arr', v: [] }] } },
      },
    ],
    matches: (_op, ours, google) =>
      isError(ours, 'invalid-argument') &&
      messageOf(ours).includes('invalid nested entity') &&
      !isError(google),
  },
  {
    id: 'one-array-contains-per-query',
    verdict: 'ours-wrong',
    reason:
      'Two array-contains / array-contains-any filters in one query (the SDK lets them through ' +
      'inside and/or composites): Google’s emulator refuses it (FAILED_PRECONDITION "Only a ' +
      'single array-contains clause is allowed in a query"), as production documents ("You can ' +
      'use at most one array-contains or array-contains-any clause per disjunction", ' +
      'https://firebase.google.com/docs/firestore/query-data/queries#limitations); this emulator ' +
      'answers it.',
    repro: [
      {
        op: 'query',
        q: {
          from: 'c',
          where: {
            and: [
              { field: 'arr', cmp: 'array-contains-any', value: [{ k: 'num', v: 1 }] },
              { field: 'arr', cmp: 'array-contains-any', value: [{ k: 'num', v: 2 }] },
            ],
          },
        },
      },
    ],
    matches: (_op, ours, google) =>
      (isError(google, 'failed-precondition') || isError(google, 'invalid-argument')) &&
      /Only a single array-contains clause|maximum of 1 'ARRAY_CONTAINS' filter/.test(
        messageOf(google),
      ) &&
      !isError(ours),
  },
  {
    id: 'rules-int64-literals',
    verdict: 'ours-wrong',
    reason:
      'Integer literals beyond 2^53 (`9223372036854775807 % 2`): Google’s compiler takes 64-bit ' +
      'integers; this engine keeps integers as JavaScript numbers, exact to 2^53 (src/rules/' +
      'README.md), and refuses such literals ("Integer literal out of the supported range."). ' +
      'A fix needs 64-bit integers (BigInt) through the whole evaluator.',
    repro: [{ op: 'rules', expr: '9223372036854775807 % 2 == 1', data: {} }],
    matches: (op, ours, google) =>
      op.op === 'rules' &&
      /\d{17,}/.test(op.expr.replace(/'[^']*'/g, '')) &&
      json(ours) === '{"ok":{"compiled":false}}' &&
      json(google) === '{"ok":{"compiled":true}}',
  },
  {
    id: 'listener-never-settles-with-nan-in-a-range-window',
    verdict: 'google-differs-from-production',
    reason:
      'A listener on a range filter (`b < -1`, ordered by b) over a collection where a document ' +
      'holds NaN in b: in Google’s emulator the listener never reaches what the server answers ' +
      'for the query (it stays pending until the operation times out); here it settles. A ' +
      'listener that never converges to the query’s server result is not production behaviour ' +
      '(listeners deliver the current results of the query: ' +
      'https://firebase.google.com/docs/firestore/query-data/listen), so this emulator keeps ' +
      'converging. Which documents production returns for a range filter over NaN was not ' +
      'checked.',
    repro: [
      { op: 'set', path: 'c/d5', data: { b: { k: 'num', v: 'NaN' } } },
      {
        op: 'listen',
        q: {
          from: 'c',
          orderBy: [['b', 'asc']],
          where: { field: 'b', cmp: '<', value: { k: 'num', v: -1 } },
        },
        writes: [{ op: 'update', path: 'c/d2', pairs: [[{ dotted: 'b' }, { k: 'num', v: 0 }]] }],
      },
    ],
    matches: (op, ours, google) =>
      op.op === 'listen' &&
      (json(op) + json(ours)).includes('"NaN"') &&
      json(google).includes('"timeout') &&
      !json(ours).includes('"timeout'),
  },
];
