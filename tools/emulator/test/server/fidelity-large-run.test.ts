import { stackForFile } from '../harness';

/**
 * Differences the 20,000-operation differential run and the CI run at other seeds found
 * (test/differential/README.md, "Size"), fixed to answer as Google's Cloud Firestore emulator
 * does. Runs on this emulator and, in `npm run test:google`, on Google's.
 */
const { stack, clients } = stackForFile(
  { projectId: 'demo-fidelity-large-run', indexes: false },
  { admin: { admin: true } },
);

/** A runQuery over REST as the owner (the differential run's Node client asks this way). */
function runQuery(structuredQuery: unknown): Promise<Response> {
  const documents = `projects/${stack().projectId}/databases/(default)/documents`;
  return fetch(`${stack().firestoreUrl}/v1/${documents}:runQuery`, {
    method: 'POST',
    headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
    body: JSON.stringify({ structuredQuery }),
  });
}

test('a NaN in a not-in list excludes nothing (DIFF_SEED=1 episode 38)', async () => {
  await clients.admin.run(async (fb) => {
    const f = fb.fs;
    await f.setDoc(f.doc(fb.db, 'notin/nan'), { b: NaN });
    await f.setDoc(f.doc(fb.db, 'notin/zero'), { b: 0 });
    await f.setDoc(f.doc(fb.db, 'notin/ten'), { b: 10 });
  });
  // Over REST, as the differential run found it: the browser SDK matches not-in NaN itself and
  // keeps waiting for a view the server's answer never gives it.
  const ids = async (values: unknown[]) => {
    const response = await runQuery({
      from: [{ collectionId: 'notin' }],
      where: {
        fieldFilter: {
          field: { fieldPath: 'b' },
          op: 'NOT_IN',
          value: { arrayValue: { values } },
        },
      },
    });
    const rows = (await response.json()) as Array<{ document?: { name: string } }>;
    return rows
      .flatMap((row) => (row.document ? [row.document.name.split('/').pop()] : []))
      .join(',');
  };
  const nan = { doubleValue: 'NaN' };
  // The not-in field orders the answer: NaN sorts before every other number.
  expect({
    zeroAndNaN: await ids([{ doubleValue: -0 }, nan]),
    nanAlone: await ids([nan]),
    ten: await ids([{ integerValue: '10' }]),
  }).toEqual({ zeroAndNaN: 'nan,ten', nanAlone: 'nan,zero,ten', ten: 'nan,zero' });
});

test('a batch that updates a document it deleted is refused before any precondition (DIFF_SEED=1 episode 60)', async () => {
  const answer = await clients.admin.run(async (fb) => {
    const f = fb.fs;
    await f.setDoc(f.doc(fb.db, 'order/kept'), { a: 1 });
    const batch = f.writeBatch(fb.db);
    // The first write alone would fail with not-found: the document does not exist.
    batch.update(f.doc(fb.db, 'order/missing'), { a: 1 });
    batch.delete(f.doc(fb.db, 'order/kept'));
    batch.update(f.doc(fb.db, 'order/kept'), { a: 2 });
    return batch.commit().then(
      () => 'committed',
      (e: { code: string; message: string }) => `${e.code}: ${e.message}`,
    );
  });
  expect(answer).toMatch(
    /^invalid-argument: .*Cannot delete then update an entity in the same request\.$/,
  );
});

test('a range on null or NaN is no inequality beside a key equality (DIFF_SEED=4 episode 24, DIFF_SEED=1 episode 90)', async () => {
  const documents = `projects/${stack().projectId}/databases/(default)/documents`;
  const field = (fieldPath: string, op: string, value: unknown) => ({
    fieldFilter: { field: { fieldPath }, op, value },
  });
  const answer = async (other: unknown) => {
    const response = await runQuery({
      from: [{ collectionId: 'keyeq' }],
      where: {
        compositeFilter: {
          op: 'AND',
          filters: [field('__name__', 'EQUAL', { referenceValue: `${documents}/keyeq/d1` }), other],
        },
      },
    });
    const body = (await response.json()) as unknown;
    return response.ok ? 'answered' : (body as { error: { message: string } }).error.message;
  };
  expect({
    lessOrEqualNaN: await answer(field('arr', 'LESS_THAN_OR_EQUAL', { doubleValue: 'NaN' })),
    greaterThanNull: await answer(field('arr', 'GREATER_THAN', { nullValue: null })),
    inAnOr: await answer({
      compositeFilter: {
        op: 'OR',
        filters: [
          field('arr', 'LESS_THAN_OR_EQUAL', { doubleValue: 'NaN' }),
          field('arr', 'ARRAY_CONTAINS', { integerValue: '2' }),
        ],
      },
    }),
    // A range on a value is an inequality: refused, on both.
    greaterThanOne: await answer(field('arr', 'GREATER_THAN', { integerValue: '1' })),
  }).toEqual({
    lessOrEqualNaN: 'answered',
    greaterThanNull: 'answered',
    inAnOr: 'answered',
    greaterThanOne: expect.stringContaining(
      'Equality on key is not allowed if there are other inequality fields and key does not appear in inequalities.',
    ),
  });
});

test('a range on null or NaN, != null and not-in of nulls join no order (DIFF_SEED=5 episode 34)', async () => {
  const count = await clients.admin.run(async (fb) => {
    const f = fb.fs;
    const docs: Record<string, Record<string, unknown>> = {
      d1: { a: 3, b: 1 },
      d2: { a: 1, b: 5 },
      d3: { b: 3 },
      d4: { a: 2, b: 2 },
      d5: { a: NaN, b: 4 },
      d6: { a: null, b: 6 },
    };
    for (const [id, data] of Object.entries(docs))
      await f.setDoc(f.doc(fb.db, 'nothing', id), data);
    // The difference found: refused here with "order by clause cannot contain more fields after
    // the key", as if `a` joined the order after `__name__`.
    const q = f.query(
      f.collection(fb.db, 'nothing'),
      f.where('a', '>', NaN),
      f.orderBy(f.documentId(), 'desc'),
      f.limit(4),
    );
    return fb.outcome(f.getAggregateFromServer(q, { n: f.count() }), (s) => `${s.data().n}`);
  });
  const documents = `projects/${stack().projectId}/databases/(default)/documents`;
  const field = (fieldPath: string, op: string, value: unknown) => ({
    fieldFilter: { field: { fieldPath }, op, value },
  });
  const byName = (direction: string) => [{ field: { fieldPath: '__name__' }, direction }];
  const nullList = (...more: unknown[]) => ({
    arrayValue: { values: [{ nullValue: null }, ...more] },
  });
  // Over REST: the SDK sends `!= null` as a unary filter and orders by every inequality field.
  const answer = async (where: unknown, orderBy?: unknown) => {
    const response = await runQuery({ from: [{ collectionId: 'nothing' }], where, orderBy });
    const body = (await response.json()) as unknown;
    if (!response.ok) return (body as { error: { message: string } }).error.message;
    const rows = body as Array<{ document?: { name: string } }>;
    return rows
      .flatMap((row) => (row.document ? [row.document.name.split('/').pop()] : []))
      .join(',');
  };
  expect({
    count,
    // `a` orders nothing, so d3 (no a) is in, in b's order.
    orWithRangeOnNaN: await answer({
      compositeFilter: {
        op: 'OR',
        filters: [
          field('a', 'GREATER_THAN', { doubleValue: 'NaN' }),
          field('b', 'GREATER_THAN', { integerValue: '1' }),
        ],
      },
    }),
    notEqualNullByName: await answer(
      field('a', 'NOT_EQUAL', { nullValue: null }),
      byName('ASCENDING'),
    ),
    notInNullByName: await answer(field('a', 'NOT_IN', nullList()), byName('DESCENDING')),
    besideKeyEquality: await answer({
      compositeFilter: {
        op: 'AND',
        filters: [
          field('__name__', 'EQUAL', { referenceValue: `${documents}/nothing/d1` }),
          field('a', 'NOT_EQUAL', { nullValue: null }),
        ],
      },
    }),
    // With a value beside the null, not-in is an inequality (and still matches nothing).
    notInNullAndOneByName: await answer(
      field('a', 'NOT_IN', nullList({ integerValue: '1' })),
      byName('DESCENDING'),
    ),
    // `!= NaN` is an inequality that excludes nothing (as not-in [NaN]): d5 holds NaN.
    notEqualNaN: await answer(field('a', 'NOT_EQUAL', { doubleValue: 'NaN' })),
  }).toEqual({
    count: '0',
    orWithRangeOnNaN: 'd4,d3,d5,d2,d6',
    notEqualNullByName: '',
    notInNullByName: '',
    besideKeyEquality: '',
    notInNullAndOneByName: expect.stringContaining(
      'order by clause cannot contain more fields after the key',
    ),
    notEqualNaN: 'd5,d2,d4,d1',
  });
});
