/**
 * The query-building functions of `firebase/firestore` as plain data, for unit tests that check
 * which query a module builds without running Firestore:
 * `query(collection(db, 'posts'), where('uid', '==', 'u1'))` becomes
 * `{ path: 'posts', constraints: [['where', 'uid', '==', 'u1']] }`.
 * A test spreads them into its `jest.mock('firebase/firestore', ...)` factory (through
 * `jest.requireActual`, as factories may not close over imports).
 */
export const fakeQueryBuilders = {
  collection: (_db: unknown, name: string) => ({
    path: name,
    withConverter: () => ({ path: name }),
  }),
  query: (base: { path: string }, ...constraints: unknown[]) => ({ path: base.path, constraints }),
  where: (field: string, op: string, value: unknown) => ['where', field, op, value],
  orderBy: (field: string, direction = 'asc') => ['orderBy', field, direction],
  limit: (n: number) => ['limit', n],
};
