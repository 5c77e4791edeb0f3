import { deleteActivityOf } from './activity';

/**
 * The activity step against the activity data contract (/activity/{recipient}/items/{itemId} with
 * `actor`), with firebase/firestore faked at its boundary by a small in-memory mockStore that answers
 * the two queries the step makes: a collection group by id with an equality filter, and one
 * collection, each with a limit. The e2e test of deleting an account checks the result against the
 * real rules with admin reads.
 */
type Doc = { path: string; data: Record<string, unknown> };
type FakeQuery = {
  group?: string;
  collection?: string;
  filters: Array<[string, unknown]>;
  limit?: number;
};

const mockStore = new Map<string, Record<string, unknown>>();
const mockListFailures: unknown[] = [];
let mockCommits = 0;

jest.mock('shared-firebase/session', () =>
  jest.requireActual('shared-firebase/testing/firebaseFakes').loadedFirebase(),
);
jest.mock('firebase/firestore', () => ({
  getFirestore: () => ({}),
  collectionGroup: (_db: unknown, id: string): FakeQuery => ({ group: id, filters: [] }),
  collection: (_db: unknown, ...segments: string[]): FakeQuery => ({
    collection: segments.join('/'),
    filters: [],
  }),
  where: (field: string, op: string, value: unknown) => ({ where: [field, op, value] }),
  limit: (count: number) => ({ limit: count }),
  query: (base: FakeQuery, ...constraints: Array<Record<string, unknown>>): FakeQuery =>
    constraints.reduce<FakeQuery>((q, c) => {
      if ('where' in c) {
        const [field, , value] = c.where as [string, string, unknown];
        return { ...q, filters: [...q.filters, [field, value]] };
      }
      return { ...q, limit: c.limit as number };
    }, base),
  getDocs: async (q: FakeQuery) => {
    const failure = mockListFailures.shift();
    if (failure) throw failure;
    const docs: Doc[] = [...mockStore.entries()]
      .map(([path, data]) => ({ path, data }))
      .filter(({ path }) => {
        const parent = path.split('/').slice(0, -1);
        return q.group ? parent[parent.length - 1] === q.group : parent.join('/') === q.collection;
      })
      .filter(({ data }) => q.filters.every(([field, value]) => data[field] === value))
      .slice(0, q.limit);
    return { empty: docs.length === 0, size: docs.length, docs: docs.map((d) => ({ ref: d })) };
  },
  writeBatch: () => {
    const deletes: string[] = [];
    return {
      delete: (ref: Doc) => deletes.push(ref.path),
      commit: async () => {
        mockCommits += 1;
        for (const path of deletes) mockStore.delete(path);
      },
    };
  },
}));

const item = (actor: string, type = 'like') => ({
  type,
  actor,
  postId: 'p1',
  commentId: null,
  read: false,
});

beforeEach(() => {
  mockStore.clear();
  mockListFailures.length = 0;
  mockCommits = 0;
});

test('deletes the member’s inbox and the items they made in others’ inboxes, nothing else', async () => {
  mockStore.set('activity/me/items/like_p1_bob', item('bob'));
  mockStore.set('activity/me/items/follow_carol', item('carol', 'follow'));
  mockStore.set('activity/bob/items/like_p2_me', item('me'));
  mockStore.set('activity/carol/items/comment_c1', item('me', 'comment'));
  mockStore.set('activity/carol/items/like_p3_bob', item('bob'));
  mockStore.set('activity/bob/items/follow_carol', item('carol', 'follow'));

  await deleteActivityOf('me');

  expect([...mockStore.keys()].sort()).toEqual([
    'activity/bob/items/follow_carol',
    'activity/carol/items/like_p3_bob',
  ]);
});

test('more items than a batch holds are deleted in several batches of at most 500', async () => {
  for (let i = 0; i < 1200; i += 1) mockStore.set(`activity/bob/items/like_p${i}_me`, item('me'));

  await deleteActivityOf('me');

  expect(mockStore.size).toBe(0);
  expect(mockCommits).toBe(3);
});

test('a failure (a refused listing included) stops the step, so the deletion reports it and can be resumed', async () => {
  for (const code of ['unavailable', 'permission-denied']) {
    mockListFailures.push({ code });
    await expect(deleteActivityOf('me')).rejects.toEqual({ code });
  }
});
