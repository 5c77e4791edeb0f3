import { stackForFile } from '../harness';

/**
 * Differences the differential test found, fixed to behave as Google's Cloud Firestore emulator
 * does (test/differential/README.md). Runs on this emulator and, in `npm run test:google`, on
 * Google's, so each case is checked against the reference too.
 */
// No index checks: Google's emulator makes none, and these cases are about the query alone.
const { clients } = stackForFile(
  { projectId: 'demo-fidelity', indexes: false },
  { admin: { admin: true } },
);
beforeAll(async () => {
  await clients.admin.run(async (fb) => {
    const f = fb.fs;
    await f.setDoc(f.doc(fb.db, 'notin/d1'), { a: 1, b: 1 });
    await f.setDoc(f.doc(fb.db, 'notin/d2'), { a: 2, b: 2 });
    await f.setDoc(f.doc(fb.db, 'agg/d1'), { b: 1 });
    await f.setDoc(f.doc(fb.db, 'agg/d2'), { a: 1 });
    await f.setDoc(f.doc(fb.db, 'agg/d3'), { a: 2, b: 3 });
    await f.setDoc(f.doc(fb.db, 'agg/d4'), { a: 'text', b: 5 });
  });
});

test('not-in in a query with an OR is refused (the SDK itself refuses not-in beside in)', async () => {
  const outcomes = await clients.admin.run(async (fb) => {
    const f = fb.fs;
    const c = f.collection(fb.db, 'notin');
    // What the server answers; 'sdk' when the SDK refuses the query before sending it.
    const codeOf = async (build: () => ReturnType<typeof f.query>) => {
      let q: ReturnType<typeof f.query>;
      try {
        q = build();
      } catch {
        return 'sdk';
      }
      return f.getDocs(q).then(
        (s) => s.docs.map((d) => d.id).join(','),
        (e: { code: string }) => e.code,
      );
    };
    return {
      withOr: await codeOf(() =>
        f.query(c, f.or(f.where('a', 'not-in', [1]), f.where('b', '==', 1))),
      ),
      nestedOr: await codeOf(() =>
        f.query(
          c,
          f.and(f.where('a', 'not-in', [1]), f.or(f.where('b', '==', 1), f.where('b', '==', 2))),
        ),
      ),
      alone: await codeOf(() =>
        f.query(c, f.and(f.where('a', 'not-in', [1]), f.where('b', '==', 2))),
      ),
    };
  });
  expect(outcomes).toEqual({
    withOr: 'invalid-argument',
    nestedOr: 'invalid-argument',
    alone: 'd2',
  });
});

test('sum() and average() aggregate, and count, only the documents holding every aggregated field', async () => {
  const results = await clients.admin.run(async (fb) => {
    const f = fb.fs;
    const c = f.collection(fb.db, 'agg');
    return {
      countOnly: await fb.aggregate(f.query(c), { count: f.count() }),
      sumB: await fb.aggregate(f.query(c), { count: f.count(), sum: f.sum('b') }),
      sumAAvgB: await fb.aggregate(f.query(c), {
        count: f.count(),
        sum: f.sum('a'),
        avg: f.average('b'),
      }),
      // The limit applies after documents without the field are left out.
      limited: await fb.aggregate(f.query(c, f.limit(2)), { count: f.count(), sum: f.sum('a') }),
    };
  });
  expect(results).toEqual({
    countOnly: { count: 4 },
    sumB: { count: 3, sum: 9 },
    // d3 and d4 hold both; 'text' is not a number, so sum counts d3's 2 alone, avg both b's.
    sumAAvgB: { count: 2, sum: 2, avg: 4 },
    limited: { count: 2, sum: 3 },
  });
});
