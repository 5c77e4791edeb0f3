import { addDoc, updateDoc } from 'firebase/firestore';
import { addComment, addReply, commentsQuery, deleteComment, deleteReply } from './comments';

jest.mock('firebase/firestore', () => ({
  doc: (parent: { path: string }, id = 'AUTOIDAUTOIDAUTOID20') => ({
    path: `${parent.path}/${id}`,
    id,
  }),
  collection: (_db: unknown, name: string) => ({
    path: name,
    withConverter: () => ({ path: name }),
  }),
  query: (base: { path: string }, ...constraints: unknown[]) => ({ path: base.path, constraints }),
  where: (field: string, op: string, value: unknown) => ['where', field, op, value],
  orderBy: (field: string, direction = 'asc') => ['orderBy', field, direction],
  serverTimestamp: () => 'SERVER_TIME',
  arrayUnion: (...values: unknown[]) => ({ arrayUnion: values }),
  arrayRemove: (...values: unknown[]) => ({ arrayRemove: values }),
  writeBatch: () => ({
    delete: (ref: unknown) => ({ commit: async () => deleted.push(ref) }),
  }),
  addDoc: jest.fn(async () => ({ id: 'c-new' })),
  updateDoc: jest.fn(async () => undefined),
}));
jest.mock('../db', () => ({ getDb: () => 'DB' }));

/** What the fake batches deleted. */
const deleted: unknown[] = [];

afterEach(() => jest.useRealTimers());

beforeEach(() => {
  jest.mocked(addDoc).mockClear();
  jest.mocked(updateDoc).mockClear();
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

  it('adds a comment in the shape the rules accept', async () => {
    await expect(addComment('p1', 'me', '  Nice  ')).resolves.toBe(true);
    expect(addDoc).toHaveBeenCalledWith(
      { path: 'comments' },
      { comment: 'Nice', replies: [], postId: 'p1', userId: 'me', createdAt: 'SERVER_TIME' },
    );
  });

  it('ignores whitespace-only and over-long comments and replies', async () => {
    await expect(addComment('p1', 'me', ' \n\t ')).resolves.toBe(false);
    await expect(addComment('p1', 'me', 'x'.repeat(1001))).resolves.toBe(false);
    await expect(addReply('c1', 'me', '   ')).resolves.toBe(false);
    expect(addDoc).not.toHaveBeenCalled();
    expect(updateDoc).not.toHaveBeenCalled();
  });

  it('appends a reply {reply, userId} with its stable id and time to its comment', async () => {
    jest.useFakeTimers({ now: 1_700_000_000_000 });
    await expect(addReply('c1', 'me', ' Thanks ')).resolves.toBe(true);
    expect(updateDoc).toHaveBeenCalledWith(
      { path: 'comments/c1', id: 'c1' },
      {
        replies: {
          arrayUnion: [
            {
              reply: 'Thanks',
              userId: 'me',
              id: 'AUTOIDAUTOIDAUTOID20',
              createdAt: new Date(1_700_000_000_000),
            },
          ],
        },
      },
    );
  });

  it('deletes a comment, and removes a reply exactly as stored', async () => {
    await deleteComment('c1');
    expect(deleted).toEqual([{ path: 'comments/c1', id: 'c1' }]);
    const old = { reply: 'Old', userId: 'them' };
    await deleteReply('c1', old);
    expect(updateDoc).toHaveBeenCalledWith(
      { path: 'comments/c1', id: 'c1' },
      { replies: { arrayRemove: [old] } },
    );
  });
});
