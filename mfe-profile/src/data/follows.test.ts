import { renderHook } from '@testing-library/react';
import { followersWithOwnEdge, useFollowStatus } from './useFollowStatus';
import { FollowError, setFollowing } from './follows';

/** firebase/firestore faked at its boundary: references are plain paths, a batch records its ops. */
type MockOp = [string, string, unknown?];

jest.mock('firebase/firestore', () => {
  const commits: MockOp[][] = [];
  const listened: string[] = [];
  return {
    doc: (parent: { path: string }, id: string) => ({ path: `${parent.path}/${id}`, id }),
    ...jest.requireActual('shared-firebase/testing/firebaseFakes').fakeQueryBuilders,
    serverTimestamp: () => 'SERVER_TIME',
    writeBatch: () => {
      const ops: MockOp[] = [];
      return {
        set: (ref: { path: string }, data: unknown) => ops.push(['set', ref.path, data]),
        delete: (ref: { path: string }) => ops.push(['delete', ref.path]),
        update: (ref: { path: string }, data: unknown) => ops.push(['update', ref.path, data]),
        commit: async () => {
          commits.push(ops);
        },
      };
    },
    onSnapshot: (ref: { path: string }) => {
      listened.push(ref.path);
      return () => undefined;
    },
    __commits: commits,
    __listened: listened,
  };
});
jest.mock('shared-firebase/session', () =>
  jest.requireActual('shared-firebase/testing/firebaseFakes').loadedFirebase(),
);

const firestore = jest.requireMock('firebase/firestore') as {
  __commits: MockOp[][];
  __listened: string[];
};

beforeEach(() => {
  firestore.__commits.length = 0;
  firestore.__listened.length = 0;
});

describe('setFollowing', () => {
  it('follows with the one edge document and unfollows by deleting it, nothing else', async () => {
    await setFollowing('me', 'ann', true);
    await setFollowing('me', 'ann', false);
    expect(firestore.__commits).toEqual([
      [['set', 'follows/me_ann', { follower: 'me', target: 'ann', createdAt: 'SERVER_TIME' }]],
      [['delete', 'follows/me_ann']],
    ]);
  });

  it('refuses a self-follow before writing', async () => {
    await expect(setFollowing('me', 'me', true)).rejects.toBeInstanceOf(FollowError);
    expect(firestore.__commits).toEqual([]);
  });
});

describe('useFollowStatus', () => {
  it('listens to the viewer’s own edge only, and to nothing while the viewer is unknown', () => {
    renderHook(() => useFollowStatus(null, 'ann'));
    expect(firestore.__listened).toEqual([]);
    renderHook(() => useFollowStatus('me', 'ann'));
    expect(firestore.__listened).toEqual(['follows/me_ann']);
  });
});

describe('followersWithOwnEdge', () => {
  const list = (...uids: string[]) => ({ status: 'ready' as const, uids });
  const following = (yes: boolean) => ({ status: 'ready' as const, following: yes });

  it('adds the viewer’s follow before the function lists it, and drops an unfollow at once', () => {
    expect(followersWithOwnEdge(list('a'), 'me', following(true))).toEqual(list('a', 'me'));
    expect(followersWithOwnEdge(list('a', 'me'), 'me', following(false))).toEqual(list('a'));
  });

  it('leaves the list as stored when it agrees, or while either is not known', () => {
    expect(followersWithOwnEdge(list('a', 'me'), 'me', following(true))).toEqual(list('a', 'me'));
    expect(followersWithOwnEdge(list('a'), 'me', { status: 'loading' })).toEqual(list('a'));
    expect(followersWithOwnEdge(list('a'), null, following(true))).toEqual(list('a'));
    expect(followersWithOwnEdge({ status: 'loading' }, 'me', following(true))).toEqual({
      status: 'loading',
    });
  });
});
