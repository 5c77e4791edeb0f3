import { stackForFile } from '../harness';

/**
 * Production's limit of 30 disjunctions in a query's disjunctive normal form, counted and worded
 * as Google's Cloud Firestore emulator does (src/firestore/protocol/disjunctions.ts). Found by the
 * differential test (DIFF_SEED=7 episode 22: two `in` lists of 3, one of 2 and one of 3 beside
 * each other, 36 terms, answered here). Runs on this emulator and, in `npm run test:google`, on
 * Google's.
 */
const { clients } = stackForFile(
  { projectId: 'demo-fidelity-disjunctions', indexes: false },
  { admin: { admin: true } },
);

test('a query of more than 30 disjunctions is refused, counted as Google counts them', async () => {
  const result = await clients.admin.run(async (fb) => {
    const f = fb.fs;
    await f.setDoc(f.doc(fb.db, 'dnf/d1'), { a: 1, b: 1, arr: [1] });
    const c = f.collection(fb.db, 'dnf');
    const upTo = (n: number, from = 0) => Array.from({ length: n }, (_, i) => i + from);
    const ask = async (q: ReturnType<typeof f.query<unknown, Record<string, unknown>>>) => ({
      docs: await fb.outcome(f.getDocsFromServer(q), (s) => `${s.size} documents`),
      count: await fb.outcome(f.getCountFromServer(q), (s) => `count ${s.data().count}`),
    });
    return {
      // 6 x 6 = 36.
      twoInLists: await ask(f.query(c, f.where('a', 'in', upTo(6)), f.where('b', 'in', upTo(6)))),
      // 5 x 6 = 30: the limit itself is answered.
      thirty: await ask(f.query(c, f.where('a', 'in', upTo(5)), f.where('b', 'in', upTo(6)))),
      // array-contains-any expands too: 6 x 6.
      withArrayContainsAny: await ask(
        f.query(c, f.where('a', 'in', upTo(6)), f.where('arr', 'array-contains-any', upTo(6))),
      ),
      // An or adds: a in 6 or b in 6 is 12 terms, answered.
      orAdds: await ask(f.query(c, f.or(f.where('a', 'in', upTo(6)), f.where('b', 'in', upTo(6))))),
      // Equal terms are one: a in [0..5] and a in [3..8] is 36 pairs, 33 distinct terms.
      sameField: await ask(f.query(c, f.where('a', 'in', upTo(6)), f.where('a', 'in', upTo(6, 3)))),
    };
  });
  const refused = (n: number) =>
    expect.stringMatching(
      new RegExp(
        `^invalid-argument: .*Too many disjunctions after normalization\\. Result had ${n} disjunctions which is more than the maximum of 30$`,
      ),
    );
  expect(result).toEqual({
    twoInLists: { docs: refused(36), count: refused(36) },
    thirty: { docs: '1 documents', count: 'count 1' },
    withArrayContainsAny: { docs: refused(36), count: refused(36) },
    orAdds: { docs: '1 documents', count: 'count 1' },
    sameField: { docs: refused(33), count: refused(33) },
  });
});
