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
  const card = (stored: number) => ({ counts: { likes: stored, comments: 0 } });
  const liked: LiveDocument<LikeEdge> = { status: 'ready', data: {} as LikeEdge };
  const notLiked: LiveDocument<LikeEdge> = { status: 'missing' };
  const loading: LiveDocument<LikeEdge> = { status: 'loading' };

  it('a post not counted yet: its list, with the viewer’s own like or unlike applied at once', () => {
    expect(shownLikes(post(['bo']), ME, liked, null)).toEqual({
      liked: true,
      count: 2,
      likers: ['bo', ME],
      complete: true,
    });
    expect(shownLikes(post(['bo', ME]), ME, notLiked, null)).toEqual({
      liked: false,
      count: 1,
      likers: ['bo'],
      complete: true,
    });
    expect(shownLikes(post(['bo', ME]), ME, liked, null)).toMatchObject({ liked: true, count: 2 });
  });

  it('liked-by-me is the viewer’s edge only: unknown until it is read, whatever the list says', () => {
    expect(shownLikes(post([ME]), ME, loading, null)).toMatchObject({ liked: null, count: 1 });
    expect(shownLikes(card(4), ME, loading, null)).toMatchObject({ liked: null, count: 4 });
  });

  it('a card counts from counts.likes, the viewer’s edge at the last count taken as counted', () => {
    // Liked when the count of 4 was seen: 4. Unliked since: 3, until the function counts it.
    expect(shownLikes(card(4), ME, liked, { stored: 4, liked: true })).toMatchObject({
      liked: true,
      count: 4,
      likers: [],
      complete: false,
    });
    expect(shownLikes(card(4), ME, notLiked, { stored: 4, liked: true }).count).toBe(3);
    expect(shownLikes(card(4), ME, liked, { stored: 4, liked: false }).count).toBe(5);
    // The count moved: it holds the viewer's like as it is now.
    expect(shownLikes(card(5), ME, liked, { stored: 4, liked: false }).count).toBe(5);
  });

  it('beyond the list’s bound counts what the function counted from the edges', () => {
    const full = Array.from({ length: 2000 }, (_, i) => `m${i}`);
    const incomplete = post(full, { likesComplete: false, counts: { likes: 2400, comments: 0 } });
    const shown = shownLikes(incomplete, ME, notLiked, { stored: 2400, liked: false });
    expect(shown).toMatchObject({ count: 2400, complete: false });
  });
});
