import type { LikeEdge, LiveDocument, Post } from 'shared-firebase';
import { setLiked, shownLikes } from './likes';

/** firebase/firestore faked at its boundary: references are plain paths, a batch records its writes. */
type MockOp = [string, string, unknown?];

jest.mock('firebase/firestore', () => {
  const commits: MockOp[][] = [];
  return {
    doc: (parent: { path: string }, id: string) => ({ path: `${parent.path}/${id}`, id }),
    ...jest.requireActual('shared-firebase/testing/firebaseFakes').fakeQueryBuilders,
    serverTimestamp: () => 'SERVER_TIME',
    writeBatch: () => {
      const ops: MockOp[] = [];
      return {
        set: (ref: { path: string }, data: unknown) => ops.push(['set', ref.path, data]),
        delete: (ref: { path: string }) => ops.push(['delete', ref.path]),
        commit: async () => {
          commits.push(ops);
        },
      };
    },
    __commits: commits,
  };
});
jest.mock('shared-firebase/session', () =>
  jest.requireActual('shared-firebase/testing/firebaseFakes').loadedFirebase(),
);

const firestore = jest.requireMock('firebase/firestore') as { __commits: MockOp[][] };
const ME = 'me';

describe('setLiked', () => {
  it('writes or deletes only the viewer’s like edge, one document per commit, never the post', async () => {
    await setLiked({ postId: 'p1', uid: 'ann' }, ME, true);
    await setLiked({ postId: 'p1', uid: 'ann' }, ME, false);
    expect(firestore.__commits).toEqual([
      [['set', 'likes/p1_me', { postId: 'p1', uid: ME, author: 'ann', createdAt: 'SERVER_TIME' }]],
      [['delete', 'likes/p1_me']],
    ]);
  });
});

describe('shownLikes', () => {
  const post = (likes: string[], extra: Partial<Post> = {}) => ({ likes, ...extra });
  const liked: LiveDocument<LikeEdge> = { status: 'ready', data: {} as LikeEdge };
  const notLiked: LiveDocument<LikeEdge> = { status: 'missing' };
  const loading: LiveDocument<LikeEdge> = { status: 'loading' };

  it('applies the viewer’s own like or unlike at once, before the function lists it', () => {
    expect(shownLikes(post(['bo']), ME, liked)).toEqual({
      liked: true,
      count: 2,
      likers: ['bo', ME],
    });
    expect(shownLikes(post(['bo', ME]), ME, notLiked)).toEqual({
      liked: false,
      count: 1,
      likers: ['bo'],
    });
    expect(shownLikes(post(['bo', ME]), ME, liked)).toMatchObject({ liked: true, count: 2 });
  });

  it('takes the list’s word until the edge is read, and is unknown when it does not list the viewer', () => {
    expect(shownLikes(post([ME]), ME, loading)).toMatchObject({ liked: true, count: 1 });
    expect(shownLikes(post(['bo']), ME, loading)).toMatchObject({ liked: null, count: 1 });
  });

  it('beyond the list’s bound counts what the function counted from the edges', () => {
    const full = Array.from({ length: 2000 }, (_, i) => `m${i}`);
    const incomplete = post(full, { likesComplete: false, counts: { likes: 2400, comments: 0 } });
    expect(shownLikes(incomplete, ME, notLiked).count).toBe(2400);
  });
});
