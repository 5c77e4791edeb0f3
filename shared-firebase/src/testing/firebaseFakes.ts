/** What the faked `getFirestore` answers: the Firestore handle `getDb()` hands to the SDK calls. */
export const FAKE_DB = 'DB';

/**
 * The query-building functions of `firebase/firestore` as plain data, for unit tests that check
 * which query a module builds without running Firestore:
 * `query(collection(db, 'posts'), where('uid', '==', 'u1'))` becomes
 * `{ path: 'posts', constraints: [['where', 'uid', '==', 'u1']] }`.
 * A test spreads them into its `jest.mock('firebase/firestore', ...)` factory (through
 * `jest.requireActual`, as factories may not close over imports). With `loadedFirebase()` as the
 * session, the contract's typed references (`postRef`, …) then work on top of them.
 */
export const fakeQueryBuilders = {
  getFirestore: () => FAKE_DB,
  collection: (_db: unknown, name: string) => ({
    path: name,
    withConverter: () => ({ path: name }),
  }),
  query: (base: { path: string }, ...constraints: unknown[]) => ({ path: base.path, constraints }),
  where: (field: string, op: string, value: unknown) => ['where', field, op, value],
  orderBy: (field: string, direction = 'asc') => ['orderBy', field, direction],
  limit: (n: number) => ['limit', n],
};

/**
 * `shared-firebase/session` with the page's Firebase app loaded and connected to nothing, for
 * `jest.mock('shared-firebase/session', () => jest.requireActual(…).loadedFirebase())` in a test
 * that fakes `firebase/firestore`: `getDb()` then answers FAKE_DB, with no Firebase code loaded.
 */
export function loadedFirebase(): Record<string, unknown> {
  const handles = {
    app: { name: 'fake-app' },
    auth: { name: 'fake-auth' },
    emulatorsToConnect: null,
  };
  return {
    ...jest.requireActual<object>('shared-firebase/session'),
    getFirebase: () => handles,
    loadFirebase: () => Promise.resolve(handles),
  };
}
