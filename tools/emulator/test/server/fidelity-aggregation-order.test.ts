import { stackForFile } from '../harness';

/**
 * The order in which sum() and average() take their documents before a limit counts them, as
 * Google's Cloud Firestore emulator orders them: the explicit orders, then the inequality fields
 * (lexicographically), then the aggregated fields (lexicographically), then __name__, all in the
 * direction of the last explicit order. Found by the differential test (DIFF_SEED=3 episode 28,
 * DIFF_SEED=1 episode 87; test/differential/README.md). A cursor positions on the explicit
 * orders only. Runs on this emulator and, in `npm run test:google`, on Google's.
 */
const { stack, clients } = stackForFile(
  { projectId: 'demo-fidelity-aggregation-order', indexes: false },
  { admin: { admin: true } },
);

test('an inequality field orders before an aggregated field, inside an or too (DIFF_SEED=3 episode 28)', async () => {
  const result = await clients.admin.run(async (fb) => {
    const f = fb.fs;
    // By a: p, q, r. By arr: q, r, p. By z: r, p, q.
    await f.setDoc(f.doc(fb.db, 'x/1/ineq/p'), { a: 1, arr: [3], z: 2 });
    await f.setDoc(f.doc(fb.db, 'ineq/q'), { a: 10, arr: [1], z: 3 });
    await f.setDoc(f.doc(fb.db, 'x/2/ineq/r'), { a: 100, arr: [2], z: 1 });
    const g = f.collectionGroup(fb.db, 'ineq');
    const sumOfA = (q: typeof g) => fb.aggregate(q, { s: f.sum('a') });
    return {
      // The difference found: arr's order (q, r), not a's (p, q).
      inAnOr: await sumOfA(
        f.query(g, f.or(f.where('arr', '>', []), f.where('arr', '>=', [])), f.limit(2)),
      ),
      // Outside an or too, when the inequality field sorts after the aggregated one.
      zAboveZero: await sumOfA(f.query(g, f.where('z', '>', 0), f.limit(1))),
      zNotEqual: await sumOfA(f.query(g, f.where('z', '!=', 0), f.limit(2))),
      // The explicit order first, then the inequality field, then the aggregated one.
      byArrDescending: await sumOfA(
        f.query(g, f.where('z', '>', 0), f.orderBy('arr', 'desc'), f.limit(1)),
      ),
    };
  });
  expect(result).toEqual({
    inAnOr: { s: 110 },
    zAboveZero: { s: 100 },
    zNotEqual: { s: 101 },
    byArrDescending: { s: 1 },
  });
});

test('a not-in field orders before the aggregated fields (DIFF_SEED=1 episode 87)', async () => {
  const result = await clients.admin.run(async (fb) => {
    const f = fb.fs;
    // By a, NaN (e0) sorts first; by m.x, true (e1) sorts before a string.
    await f.setDoc(f.doc(fb.db, 'c/d2/notin/e0'), { a: NaN, m: { x: '\uffff' } });
    await f.setDoc(f.doc(fb.db, 'notin/e1'), { a: 2, m: { x: true } });
    const q = f.query(
      f.collectionGroup(fb.db, 'notin'),
      f.where('m.x', 'not-in', [{}, NaN, { x: 1 }]),
      f.limit(1),
    );
    return fb.aggregate(q, { s: f.sum('a'), avg: f.average('m.x') });
  });
  expect(result).toEqual({ s: 2, avg: null });
});

test('several inequality and aggregated fields: each group lexicographically, inequalities first', async () => {
  const result = await clients.admin.run(async (fb) => {
    const f = fb.fs;
    // Ties on the first fields, so the later ones decide.
    await f.setDoc(f.doc(fb.db, 'many/p'), { a: 1, b: 1, y: 2, z: 1 });
    await f.setDoc(f.doc(fb.db, 'many/q'), { a: 2, b: 3, y: 1, z: 1 });
    await f.setDoc(f.doc(fb.db, 'many/r'), { a: 3, b: 2, y: 1, z: 1 });
    await f.setDoc(f.doc(fb.db, 'many/s'), { a: 0, b: 4, y: 1, z: 2 });
    const c = f.collection(fb.db, 'many');
    const sums = (...constraints: Parameters<typeof f.query>[1][]) =>
      fb.aggregate(f.query(c, ...constraints), { b: f.sum('b'), a: f.sum('a') });
    return {
      // Order y, z, then a, b: q (y 1, z 1, a 2) first; by a and b first it would be s.
      twoInequalities: await sums(f.where('z', '>', 0), f.where('y', '>', 0), f.limit(1)),
      // Explicit z first, then the inequality y, then a, b: q, r (then p; s has z 2).
      explicitThenInequality: await sums(f.where('y', '>', 0), f.orderBy('z'), f.limit(2)),
      // No inequality: a, then b (not the aggregations' order): s, p.
      aggregatedOnly: await sums(f.limit(2)),
    };
  });
  expect(result).toEqual({
    twoInequalities: { b: 3, a: 2 },
    explicitThenInequality: { b: 5, a: 5 },
    aggregatedOnly: { b: 5, a: 1 },
  });
});

test('a cursor with more values than the explicit orders is refused, as for an aggregation after startAfter(snapshot)', async () => {
  const result = await clients.admin.run(async (fb) => {
    const f = fb.fs;
    await f.setDoc(f.doc(fb.db, 'paged/d1'), { z: 1 });
    await f.setDoc(f.doc(fb.db, 'paged/d2'), { z: 2 });
    await f.setDoc(f.doc(fb.db, 'paged/d3'), { z: 2 });
    const after = await f.getDocFromServer(f.doc(fb.db, 'paged/d2'));
    const q = f.query(f.collection(fb.db, 'paged'), f.orderBy('z'), f.startAfter(after));
    return {
      // The SDK sends the query with every order (z, __name__), so two cursor values fit.
      documents: await fb.outcome(f.getDocsFromServer(q), (s) => s.docs.map((d) => d.id).join()),
      // An aggregation is sent with the explicit order (z) alone: the second value is one too
      // many (production answers the same, firebase/firebase-js-sdk#8241).
      count: await fb.outcome(f.getCountFromServer(q), (s) => `${s.data().count}`),
      // A cursor that fits the explicit orders is answered.
      countFromValue: await fb.outcome(
        f.getCountFromServer(
          f.query(f.collection(fb.db, 'paged'), f.orderBy('z'), f.startAfter(1)),
        ),
        (s) => `${s.data().count}`,
      ),
    };
  });
  // Over REST: with no order at all, a cursor on the implicit __name__ is refused too.
  const documents = `projects/${stack().projectId}/databases/(default)/documents`;
  const response = await fetch(`${stack().firestoreUrl}/v1/${documents}:runQuery`, {
    method: 'POST',
    headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
    body: JSON.stringify({
      structuredQuery: {
        from: [{ collectionId: 'paged' }],
        startAt: { values: [{ referenceValue: `${documents}/paged/d2` }], before: true },
      },
    }),
  });
  const body = (await response.json()) as unknown;
  expect({
    ...result,
    byKeyAlone: response.ok ? body : (body as { error: { message: string } }).error.message,
  }).toEqual({
    documents: 'd3',
    count: expect.stringMatching(/^invalid-argument: .*Cursor has too many values\.$/),
    countFromValue: '2',
    byKeyAlone: expect.stringContaining('Cursor has too many values.'),
  });
});
