import { renderHook } from '@testing-library/react';
import { storedCount } from './connections';
import { useFollowersShown, useFollowStatus } from './useFollowStatus';
import type { FollowStatus } from './useFollowStatus';
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

describe('useFollowersShown', () => {
  const following = (yes: boolean) => ({ status: 'ready' as const, following: yes });
  type Props = { stored: number | null; status: FollowStatus };
  const shown = (initial: Props) =>
    renderHook(({ stored, status }: Props) => useFollowersShown(stored, status, null), {
      initialProps: initial,
    });

  it('adds the viewer’s follow at once, until the stored count moves with it', () => {
    const view = shown({ stored: 4, status: following(false) });
    expect(view.result.current).toBe(4);
    view.rerender({ stored: 4, status: following(true) });
    expect(view.result.current).toBe(5);
    view.rerender({ stored: 5, status: following(true) });
    expect(view.result.current).toBe(5);
    view.rerender({ stored: 6, status: following(true) });
    expect(view.result.current).toBe(6);
  });

  it('takes an unfollow off at once; a change undone before it was counted shows nothing', () => {
    const view = shown({ stored: 4, status: following(true) });
    view.rerender({ stored: 4, status: following(false) });
    expect(view.result.current).toBe(3);
    view.rerender({ stored: 4, status: following(true) });
    expect(view.result.current).toBe(4);
    view.rerender({ stored: 4, status: following(false) });
    view.rerender({ stored: 3, status: following(false) });
    expect(view.result.current).toBe(3);
  });

  it('is the stored count while the viewer’s edge is not known, and null while the count is not', () => {
    expect(shown({ stored: 2, status: { status: 'loading' } }).result.current).toBe(2);
    expect(shown({ stored: null, status: following(true) }).result.current).toBeNull();
  });

  it('knows exactly from the list whether the stored count has the viewer', () => {
    const exact = (stored: number, yes: boolean, listed: boolean) =>
      renderHook(() => useFollowersShown(stored, following(yes), listed)).result.current;
    expect(exact(1, true, false)).toBe(2);
    expect(exact(2, true, true)).toBe(2);
    expect(exact(2, false, true)).toBe(1);
    expect(exact(1, false, false)).toBe(1);
  });
});

describe('storedCount', () => {
  it('is the function’s count when there is one, else the list’s length', () => {
    expect(storedCount(2500, { status: 'ready', uids: ['a'] })).toBe(2500);
    expect(storedCount(undefined, { status: 'ready', uids: ['a', 'b'] })).toBe(2);
    expect(storedCount(undefined, { status: 'loading' })).toBeNull();
    expect(storedCount(0, { status: 'loading' })).toBe(0);
  });
});
