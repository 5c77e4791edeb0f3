import { act, renderHook } from '@testing-library/react';
import { useLiveDocument, usePagedQuery } from 'shared-firebase';
import type { PagedQuery } from 'shared-firebase';
import { staticPagedQuery } from 'shared-firebase/testing/fakePagedQuery';
import { deliver, documentListeners } from '../testing/documentListeners';
import { noteOwnPostMade, resetOwnPostWrites } from './ownPostWrites';
import { authorGroups, FEED_PAGE_SIZE, useTimelineFeed } from './timelineFeed';

// The post listeners are firebase/firestore's, faked (testing/documentListeners.ts); the paged
// lists and the timeline document are shared-firebase's hooks, faked per query.
jest.mock('firebase/firestore', () =>
  jest.requireActual('../testing/documentListeners').firestoreWithListeners(),
);
jest.mock('shared-firebase/session', () =>
  jest.requireActual('shared-firebase/testing/firebaseFakes').loadedFirebase(),
);
// Card pages read the cards' query here; their fallback is shared-firebase's to test.
jest.mock('shared-firebase', () => {
  const usePagedQuery = jest.fn();
  return {
    ...jest.requireActual('shared-firebase'),
    usePagedQuery,
    useCardPages: (cards: unknown, _seed: unknown, pageSize: number) =>
      usePagedQuery(cards, pageSize),
    useLiveDocument: jest.fn(),
  };
});

const listeners = documentListeners();
const pagedQuery = jest.mocked(usePagedQuery);
const liveDocument = jest.mocked(useLiveDocument);

const ME = 'me';
const at = (minute: number) => ({ toMillis: () => minute * 60_000 });
const post = (postId: string, uid: string, minute: number | null) => ({
  id: postId,
  postId,
  uid,
  postCaption: postId,
  likes: [],
  createdAt: minute === null ? null : at(minute),
});
const entry = (postId: string, author: string, minute: number) => ({
  id: postId,
  postId,
  author,
  createdAt: at(minute),
});
type Query = { path: string; constraints: unknown[] } | null;
type Lists = {
  entries: PagedQuery<unknown>;
  /** Each `in` query by its authors and the collection it reads (`posts` or `postCards`). */
  byAuthors: (authors: string[], collection: string) => PagedQuery<unknown>;
};

/** Fakes the timeline document and the lists: the entries, and each `in` query by its authors. */
function given(pulled: string[] | null, lists: Lists) {
  liveDocument.mockReturnValue(
    pulled === null ? { status: 'missing' } : ({ status: 'ready', data: { pulled } } as never),
  );
  pagedQuery.mockImplementation(((base: Query) => {
    if (!base) return staticPagedQuery([], { status: 'loading', hasMore: true });
    if (base.path === `timelines/${ME}/entries`) return lists.entries;
    const authors = (base.constraints[0] as [string, string, string, string[]])[3];
    return lists.byAuthors(authors, base.path);
  }) as never);
}

/** The post `postId`'s card arrives, or, given null, the post is gone: its card and itself. */
function snapshotOf(postId: string, data: object | null) {
  deliver(`postCards/${postId}`, data);
  if (data === null) deliver(`posts/${postId}`, null);
}

const ids = (feed: PagedQuery<unknown>) => feed.items.map((item) => item.id);

beforeEach(() => {
  resetOwnPostWrites();
  listeners.clear();
  pagedQuery.mockReset();
  liveDocument.mockReset();
});

test('merges the timeline’s posts with the member’s own newest first, each once, own entries unread', () => {
  given(null, {
    entries: staticPagedQuery([
      entry('a-5', 'ann', 5),
      entry('me-4', ME, 4),
      entry('b-2', 'bob', 2),
    ] as never),
    byAuthors: () => staticPagedQuery([post('me-4', ME, 4), post('me-1', ME, 1)] as never),
  });
  const { result } = renderHook(() => useTimelineFeed(ME));
  expect(result.current.status).toBe('loading');
  expect([...listeners.keys()].sort()).toEqual(['postCards/a-5', 'postCards/b-2']);
  snapshotOf('a-5', post('a-5', 'ann', 5));
  snapshotOf('b-2', post('b-2', 'bob', 2));
  expect(ids(result.current)).toEqual(['a-5', 'me-4', 'b-2', 'me-1']);
  expect(result.current.status).toBe('ready');

  // Deleted: left out at once, before its entry goes.
  snapshotOf('a-5', null);
  expect(ids(result.current)).toEqual(['me-4', 'b-2', 'me-1']);
});

test('reads a pushed post’s slim card, and the post itself only while the card does not exist', () => {
  given(null, {
    entries: staticPagedQuery([entry('a-5', 'ann', 5)] as never),
    byAuthors: () => staticPagedQuery([]),
  });
  const { result } = renderHook(() => useTimelineFeed(ME));
  expect([...listeners.keys()]).toEqual(['postCards/a-5']);

  // Not copied yet: the post is read in its place, follower list and all.
  deliver('postCards/a-5', null);
  expect([...listeners.keys()].sort()).toEqual(['postCards/a-5', 'posts/a-5']);
  deliver('posts/a-5', { ...post('a-5', 'ann', 5), postCaption: 'the post', followers: [ME] });
  expect(result.current.items.map((item) => item.postCaption)).toEqual(['the post']);

  // The card arrives: the post is no longer read.
  deliver('postCards/a-5', { ...post('a-5', 'ann', 5), postCaption: 'the card' });
  expect([...listeners.keys()]).toEqual(['postCards/a-5']);
  expect(result.current.items.map((item) => item.postCaption)).toEqual(['the card']);
});

test('shows no post older than what a list with more has read, and reads on from the list behind', () => {
  const loadEntries = jest.fn();
  const loadOwn = jest.fn();
  given(null, {
    entries: staticPagedQuery([entry('a-9', 'ann', 9), entry('a-8', 'ann', 8)] as never, {
      hasMore: true,
      loadMore: loadEntries,
    }),
    byAuthors: () =>
      staticPagedQuery([post('me-7', ME, 7), post('me-3', ME, 3)] as never, {
        hasMore: true,
        loadMore: loadOwn,
      }),
  });
  const { result } = renderHook(() => useTimelineFeed(ME));
  snapshotOf('a-9', post('a-9', 'ann', 9));
  snapshotOf('a-8', post('a-8', 'ann', 8));
  // The entries read so far end at 8: an entry between 8 and 3 may still come before me-7.
  expect(ids(result.current)).toEqual(['a-9', 'a-8']);
  expect(result.current.hasMore).toBe(true);
  act(() => result.current.loadMore());
  expect(loadEntries).toHaveBeenCalledTimes(1);
  expect(loadOwn).not.toHaveBeenCalled();
});

test('a page that one read leaves short reads on from the list behind until it is full', () => {
  const loadEntries = jest.fn();
  const loadOwn = jest.fn();
  const own = (minutes: number[], hasMore: boolean) =>
    staticPagedQuery(minutes.map((minute) => post(`me-${minute}`, ME, minute)) as never, {
      hasMore,
      loadMore: loadOwn,
    });
  // The member's own entries, pushed to their timeline too, are read as own posts, yet the
  // timeline's list still bounds the merge at its last entry read, minute 3.
  const ownEntries = (minutes: number[], hasMore: boolean) =>
    staticPagedQuery(minutes.map((minute) => entry(`me-${minute}`, ME, minute)) as never, {
      hasMore,
      loadMore: loadEntries,
    });
  given(null, {
    entries: ownEntries([7, 6, 5, 4, 3], true),
    byAuthors: () => own([7, 6, 5], true),
  });
  const { result, rerender } = renderHook(() => useTimelineFeed(ME));
  expect(ids(result.current)).toEqual(['me-7', 'me-6', 'me-5']);

  act(() => result.current.loadMore());
  expect(loadOwn).toHaveBeenCalledTimes(1);
  expect(loadEntries).not.toHaveBeenCalled();

  // The own page came: only two more show, so the timeline's list reads on by itself.
  given(null, {
    entries: ownEntries([7, 6, 5, 4, 3], true),
    byAuthors: () => own([7, 6, 5, 4, 3, 2], true),
  });
  rerender();
  expect(ids(result.current)).toEqual(['me-7', 'me-6', 'me-5', 'me-4', 'me-3']);
  expect(loadEntries).toHaveBeenCalledTimes(1);

  // The timeline's list is read to its end: the page is full and nothing more is read.
  given(null, {
    entries: ownEntries([7, 6, 5, 4, 3, 2, 1], false),
    byAuthors: () => own([7, 6, 5, 4, 3, 2], true),
  });
  rerender();
  expect(ids(result.current)).toEqual(['me-7', 'me-6', 'me-5', 'me-4', 'me-3', 'me-2']);
  rerender();
  expect(loadEntries).toHaveBeenCalledTimes(1);
  expect(loadOwn).toHaveBeenCalledTimes(1);
});

test('reads the member’s cards and the pulled authors’, a post made here first from its post', () => {
  const queried: Array<[string[], string]> = [];
  given(['big'], {
    entries: staticPagedQuery([entry('a-5', 'ann', 5), entry('big-6', 'big', 6)] as never),
    byAuthors: (authors, collection) => {
      queried.push([authors, collection]);
      return staticPagedQuery([
        authors.includes(ME) ? post('me-1', ME, 1) : post('big-6', 'big', 6),
      ] as never);
    },
  });
  act(() => noteOwnPostMade('new'));
  const { result } = renderHook(() => useTimelineFeed(ME));
  expect(queried.slice(-2)).toEqual([
    [[ME], 'postCards'],
    [['big'], 'postCards'],
  ]);
  // A pulled author's entry (pushed before the switch) is that query's: not read twice.
  expect([...listeners.keys()].sort()).toEqual(['postCards/a-5', 'posts/new']);
  snapshotOf('a-5', post('a-5', 'ann', 5));
  deliver('posts/new', post('new', ME, null), true);
  expect(ids(result.current)).toEqual(['new', 'big-6', 'a-5', 'me-1']);
  expect(result.current.pendingIds).toEqual(new Set(['new']));
});

test('a page is at most 12 reads with 30 pulled authors; 31 take a second query', () => {
  const pulled = Array.from({ length: 30 }, (_, i) => `pulled${i}`);
  expect(authorGroups(ME, pulled)).toHaveLength(2);
  expect(authorGroups(ME, [...pulled, 'one-more'])).toHaveLength(3);
  expect(authorGroups(ME, [ME, 'x', 'x'])).toEqual([[ME], ['x']]);

  given(pulled, {
    entries: staticPagedQuery(
      [entry('a-3', 'ann', 3), entry('a-2', 'ann', 2), entry('a-1', 'ann', 1)] as never,
      { hasMore: true },
    ),
    byAuthors: () => staticPagedQuery([], { hasMore: true }),
  });
  const { rerender } = renderHook(() => useTimelineFeed(ME));
  pagedQuery.mockClear();
  rerender();
  const queries = pagedQuery.mock.calls.filter(([base]) => base !== null);
  // Each query reads at most a page; each pushed entry's card is one read more.
  const reads = queries.length * FEED_PAGE_SIZE + listeners.size;
  expect(queries).toHaveLength(3);
  expect(reads).toBe(12);
});
