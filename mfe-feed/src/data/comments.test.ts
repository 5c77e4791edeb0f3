import { updateDoc } from 'firebase/firestore';
import { addComment, addReply, commentsQuery, deleteComment, deleteReply } from './comments';

/** Every committed batch, as [op, path, data] in order. */
const mockCommits: Array<Array<[string, string, unknown?]>> = [];
let mockAutoIds = 0;

jest.mock('firebase/firestore', () => ({
  doc: (parent: { path: string }, id?: string) => {
    const docId = id ?? `auto${++mockAutoIds}`;
    return { path: `${parent.path}/${docId}`, id: docId };
  },
  ...jest.requireActual('shared-firebase/testing/firebaseFakes').fakeQueryBuilders,
  serverTimestamp: () => 'SERVER_TIME',
  arrayUnion: (...values: unknown[]) => ({ arrayUnion: values }),
  arrayRemove: (...values: unknown[]) => ({ arrayRemove: values }),
  updateDoc: jest.fn(async () => undefined),
  writeBatch: () => {
    const ops: Array<[string, string, unknown?]> = [];
    const batch = {
      set: (ref: { path: string }, data: unknown) => (ops.push(['set', ref.path, data]), batch),
      update: (ref: { path: string }, data: unknown) => (
        ops.push(['update', ref.path, data]),
        batch
      ),
      delete: (ref: { path: string }) => (ops.push(['delete', ref.path]), batch),
      commit: async () => {
        mockCommits.push(ops);
      },
    };
    return batch;
  },
}));
jest.mock('shared-firebase/session', () =>
  jest.requireActual('shared-firebase/testing/firebaseFakes').loadedFirebase(),
);

afterEach(() => jest.useRealTimers());

beforeEach(() => {
  mockCommits.length = 0;
  mockAutoIds = 0;
});

describe('comments', () => {
  it("reads a post's comments newest first", () => {
    expect(commentsQuery('p1')).toEqual({
      path: 'comments',
      constraints: [
        ['where', 'postId', '==', 'p1'],
        ['orderBy', 'createdAt', 'desc'],
      ],
    });
  });

  it('adds a comment in the shape the rules accept, and no activity item (the activity function writes it)', async () => {
    await expect(addComment('p1', 'me', '  Nice  ')).resolves.toBe(true);
    expect(mockCommits).toEqual([
      [
        [
          'set',
          'comments/auto1',
          { comment: 'Nice', replies: [], postId: 'p1', userId: 'me', createdAt: 'SERVER_TIME' },
        ],
      ],
    ]);
  });

  it('ignores whitespace-only and over-long comments and replies', async () => {
    const comment = { id: 'c1', userId: 'ann', postId: 'p1', replies: [] };
    await expect(addComment('p1', 'me', ' \n\t ')).resolves.toBe(false);
    await expect(addComment('p1', 'me', 'x'.repeat(1001))).resolves.toBe(false);
    await expect(addReply(comment, 'me', '   ')).resolves.toBe(false);
    expect(mockCommits).toEqual([]);
  });

  it('appends a reply with its stable id and time, and no activity item', async () => {
    jest.useFakeTimers({ now: 1_700_000_000_000 });
    const comment = {
      id: 'c1',
      userId: 'ann',
      postId: 'p1',
      replies: [{ reply: 'a', userId: 'bo' }],
    };
    await expect(addReply(comment, 'me', ' Thanks ')).resolves.toBe(true);
    expect(mockCommits).toEqual([
      [
        [
          'update',
          'comments/c1',
          {
            replies: {
              arrayUnion: [
                {
                  reply: 'Thanks',
                  userId: 'me',
                  id: 'auto1',
                  createdAt: new Date(1_700_000_000_000),
                },
              ],
            },
          },
        ],
      ],
    ]);
  });

  it('deletes a comment, and removes a reply exactly as stored', async () => {
    await deleteComment('c1');
    expect(mockCommits).toEqual([[['delete', 'comments/c1']]]);
    const old = { reply: 'Old', userId: 'them' };
    await deleteReply('c1', old);
    expect(updateDoc).toHaveBeenCalledWith(
      { path: 'comments/c1', id: 'c1' },
      { replies: { arrayRemove: [old] } },
    );
  });
});
