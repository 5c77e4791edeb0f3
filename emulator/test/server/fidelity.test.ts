import { startStack, type HarnessClient, type Stack } from '../harness';

/**
 * Differences the differential test found, fixed to behave as Google's Cloud Firestore emulator
 * does (test/differential/README.md). Runs on this emulator and, in `npm run test:google`, on
 * Google's, so each case is checked against the reference too.
 */
let stack: Stack;
let client: HarnessClient;
beforeAll(async () => {
  // No index checks: Google's emulator makes none, and these cases are about the query alone.
  stack = await startStack({ projectId: 'demo-fidelity', indexes: false });
  client = await stack.openClient({ admin: true });
  await client.run(async (fb) => {
    const f = fb.fs;
    await f.setDoc(f.doc(fb.db, 'notin/d1'), { a: 1, b: 1 });
    await f.setDoc(f.doc(fb.db, 'notin/d2'), { a: 2, b: 2 });
  });
}, 120_000);
afterAll(() => stack?.stop());

test('not-in in a query with an OR is refused (the SDK itself refuses not-in beside in)', async () => {
  const outcomes = await client.run(async (fb) => {
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
