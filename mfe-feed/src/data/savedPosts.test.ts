import { act, renderHook } from '@testing-library/react';
import { useHiddenMembers, usePagedQuery } from 'shared-firebase';
import { staticPagedQuery } from 'shared-firebase/testing/fakePagedQuery';
import { setSaved } from './savedMark';
import { savedPostsQuery, useSavedPostList } from './savedPosts';

/**
 * firebase/firestore faked at its boundary: references are plain paths, a batch records its
 * operations, and each listener is kept by its document's path so a test hands it snapshots.
 */
type MockOp = [string, string, unknown?];
type Listener = {
  next: (snapshot: unknown) => void;
  fail: (error: unknown) => void;
  stop: jest.Mock;
};

jest.mock('firebase/firestore', () => {
  const commits: MockOp[][] = [];
  const listeners = new Map<string, Listener>();
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
    onSnapshot: (
      ref: { path: string },
      next: (snapshot: unknown) => void,
      fail: (error: unknown) => void,
    ) => {
      const stop = jest.fn(() => listeners.delete(ref.path));
      listeners.set(ref.path, { next, fail, stop });
      return stop;
    },
    __commits: commits,
    __listeners: listeners,
  };
});
jest.mock('shared-firebase/session', () =>
  jest.requireActual('shared-firebase/testing/firebaseFakes').loadedFirebase(),
);
jest.mock('shared-firebase', () => ({
  ...jest.requireActual('shared-firebase'),
  usePagedQuery: jest.fn(),
  useHiddenMembers: jest.fn(),
}));

const firestore = jest.requireMock('firebase/firestore') as {
  __commits: MockOp[][];
  __listeners: Map<string, Listener>;
};
const pagedQuery = jest.mocked(usePagedQuery);
const hiddenMembers = jest.mocked(useHiddenMembers);
const NOBODY_HIDDEN = {
  blocked: new Set<string>(),
  blockedBy: new Set<string>(),
  muted: new Set<string>(),
  loaded: true,
};

const bookmark = (postId: string) => ({ id: postId, postId, savedAt: null });
const post = (postId: string, uid = 'author') => ({ postId, uid, postCaption: postId, likes: [] });
type PostData = ReturnType<typeof post> & { authorSuspended?: true };

/** The document at `path`'s listener receives `data`, or `null`: it does not exist. */
function deliver(path: string, data: PostData | null) {
  const listener = firestore.__listeners.get(path);
  if (!listener) throw new Error(`nobody listens to ${path}`);
  act(() => listener.next({ data: () => data ?? undefined }));
}

/**
 * The post `postId`'s card arrives, or, given `null`, the post is gone: its card is missing, and
 * so is the post read in its place.
 */
function snapshotOf(postId: string, data: PostData | null) {
  deliver(`postCards/${postId}`, data);
  if (data === null) deliver(`posts/${postId}`, null);
}

beforeEach(() => {
  firestore.__commits.length = 0;
  firestore.__listeners.clear();
  hiddenMembers.mockReturnValue(NOBODY_HIDDEN);
});

describe('saving a post', () => {
  it('writes exactly the post id and the server time under the post’s id, and unsaves by deleting', async () => {
    await setSaved('me', 'p1', true);
    await setSaved('me', 'p1', false);
    expect(firestore.__commits).toEqual([
      [['set', 'bookmarks/me/saved/p1', { postId: 'p1', savedAt: 'SERVER_TIME' }]],
      [['delete', 'bookmarks/me/saved/p1']],
    ]);
  });

  it('lists the member’s own bookmarks, the last saved first', () => {
    expect(savedPostsQuery('me')).toEqual({
      path: 'bookmarks/me/saved',
      constraints: [['orderBy', 'savedAt', 'desc']],
    });
  });
});

describe('the saved posts list', () => {
  it('shows each saved post live, in the order saved, and leaves out one that is deleted', () => {
    pagedQuery.mockReturnValue(
      staticPagedQuery([bookmark('p3'), bookmark('p2'), bookmark('p1')], { hasMore: true }),
    );
    const { result } = renderHook(() => useSavedPostList('me'));
    // Loading until the posts are read, so no card jumps in later.
    expect(result.current.status).toBe('loading');

    snapshotOf('p1', post('p1'));
    snapshotOf('p2', null);
    snapshotOf('p3', post('p3'));
    expect(result.current.status).toBe('ready');
    expect(result.current.items.map((item) => item.id)).toEqual(['p3', 'p1']);
    expect(result.current.hasMore).toBe(true);

    // Deleted while on screen: gone at once, before the function removes the bookmark.
    snapshotOf('p3', null);
    expect(result.current.items.map((item) => item.id)).toEqual(['p1']);
  });

  it('stops listening to a post whose bookmark is gone', () => {
    pagedQuery.mockReturnValue(staticPagedQuery([bookmark('p1'), bookmark('p2')]));
    const { rerender } = renderHook(() => useSavedPostList('me'));
    const stopP2 = firestore.__listeners.get('postCards/p2')!.stop;
    pagedQuery.mockReturnValue(staticPagedQuery([bookmark('p1')]));
    rerender();
    expect(stopP2).toHaveBeenCalled();
    expect([...firestore.__listeners.keys()]).toEqual(['postCards/p1']);
  });

  it('reads on when every bookmark read so far is of a deleted post', () => {
    const loadMore = jest.fn();
    pagedQuery.mockReturnValue(staticPagedQuery([bookmark('gone')], { hasMore: true, loadMore }));
    const { result } = renderHook(() => useSavedPostList('me'));
    snapshotOf('gone', null);
    expect(loadMore).toHaveBeenCalled();
    expect(result.current.status).toBe('loading');
  });

  it('shows the empty list once no saved post is left', () => {
    pagedQuery.mockReturnValue(staticPagedQuery([bookmark('gone')]));
    const { result } = renderHook(() => useSavedPostList('me'));
    snapshotOf('gone', null);
    expect(result.current).toMatchObject({ status: 'ready', items: [] });
  });

  it('fails when a post cannot be read; Retry reads the bookmarks and the posts again', () => {
    const retry = jest.fn();
    pagedQuery.mockReturnValue(staticPagedQuery([bookmark('p1')], { retry }));
    const { result } = renderHook(() => useSavedPostList('me'));
    const first = firestore.__listeners.get('postCards/p1')!;
    act(() => first.fail(Object.assign(new Error('offline'), { code: 'unavailable' })));
    expect(result.current.status).toBe('error');

    act(() => result.current.retry());
    expect(retry).toHaveBeenCalled();
    expect(first.stop).toHaveBeenCalled();
    expect(result.current.status).toBe('loading');
    snapshotOf('p1', post('p1'));
    expect(result.current.items.map((item) => item.id)).toEqual(['p1']);
  });

  it('leaves out a post by a member blocked either way or suspended, and shows the others', () => {
    hiddenMembers.mockReturnValue({
      blocked: new Set(['blockedByMe']),
      blockedBy: new Set(['blockerOfMe']),
      muted: new Set(['mutedByMe']),
      loaded: true,
    });
    pagedQuery.mockReturnValue(
      staticPagedQuery(['p1', 'p2', 'p3', 'p4', 'p5'].map(bookmark), { hasMore: false }),
    );
    const { result } = renderHook(() => useSavedPostList('me'));
    snapshotOf('p1', post('p1', 'blockedByMe'));
    snapshotOf('p2', post('p2', 'blockerOfMe'));
    snapshotOf('p3', { ...post('p3', 'suspended'), authorSuspended: true });
    // A mute is a view of the feed only: a saved post of a muted member stays.
    snapshotOf('p4', post('p4', 'mutedByMe'));
    snapshotOf('p5', post('p5', 'friend'));
    expect(result.current.status).toBe('ready');
    expect(result.current.items.map((item) => item.id)).toEqual(['p4', 'p5']);
  });

  it('reads on when every post read so far is a hidden member’s', () => {
    hiddenMembers.mockReturnValue({ ...NOBODY_HIDDEN, blocked: new Set(['blockedByMe']) });
    const loadMore = jest.fn();
    pagedQuery.mockReturnValue(
      staticPagedQuery([bookmark('p1'), bookmark('p2')], { hasMore: true, loadMore }),
    );
    const { result } = renderHook(() => useSavedPostList('me'));
    snapshotOf('p1', post('p1', 'blockedByMe'));
    snapshotOf('p2', { ...post('p2', 'suspended'), authorSuspended: true });
    expect(loadMore).toHaveBeenCalled();
    expect(result.current.status).toBe('loading');
  });

  it('shows no post before the viewer’s blocks are known, so a blocker’s never flashes', () => {
    const blockedBy = { ...NOBODY_HIDDEN, blockedBy: new Set(['blockerOfMe']) };
    hiddenMembers.mockReturnValue({ ...blockedBy, loaded: false });
    const loadMore = jest.fn();
    pagedQuery.mockReturnValue(
      staticPagedQuery([bookmark('p1'), bookmark('p2')], { hasMore: true, loadMore }),
    );
    const { result, rerender } = renderHook(() => useSavedPostList('me'));
    snapshotOf('p1', post('p1', 'blockerOfMe'));
    snapshotOf('p2', post('p2', 'friend'));
    expect(result.current.status).toBe('loading');
    expect(result.current.items).toEqual([]);
    expect(loadMore).not.toHaveBeenCalled();
    hiddenMembers.mockReturnValue(blockedBy);
    rerender();
    expect(result.current.status).toBe('ready');
    expect(result.current.items.map((item) => item.id)).toEqual(['p2']);
  });
});
