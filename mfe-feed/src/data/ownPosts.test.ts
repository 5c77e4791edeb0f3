import { act, renderHook } from '@testing-library/react';
import type { PagedQuery, PostCard } from 'shared-firebase';
import { staticPagedQuery } from 'shared-firebase/testing/fakePagedQuery';
import { useWithOwnWrites } from './ownPosts';
import {
  noteOwnPostDeleted,
  noteOwnPostEdited,
  noteOwnPostMade,
  resetOwnPostWrites,
  useOwnPostWrites,
} from './ownPostWrites';

/**
 * firebase/firestore faked at its boundary: references are plain paths, and each document listener
 * is kept by its path so a test hands it snapshots.
 */
type Listener = { next: (snapshot: unknown) => void };
jest.mock('firebase/firestore', () => {
  const listeners = new Map<string, Listener>();
  return {
    doc: (parent: { path: string }, id: string) => ({ path: `${parent.path}/${id}`, id }),
    ...jest.requireActual('shared-firebase/testing/firebaseFakes').fakeQueryBuilders,
    onSnapshot: (ref: { path: string }, ...args: unknown[]) => {
      const next = args.find((arg) => typeof arg === 'function') as Listener['next'];
      listeners.set(ref.path, { next });
      return () => listeners.delete(ref.path);
    },
    __listeners: listeners,
  };
});
jest.mock('shared-firebase/session', () =>
  jest.requireActual('shared-firebase/testing/firebaseFakes').loadedFirebase(),
);

const listeners = (jest.requireMock('firebase/firestore') as { __listeners: Map<string, Listener> })
  .__listeners;

const at = (minute: number) => ({ toMillis: () => minute * 60_000 });
const card = (postId: string, minute: number, caption = postId, editedMinute?: number) => ({
  id: postId,
  postId,
  uid: 'me',
  postCaption: caption,
  createdAt: at(minute),
  ...(editedMinute === undefined ? {} : { editedAt: at(editedMinute) }),
});

/** The post document `postId` as its listener receives it (`null`: it does not exist). */
function deliver(postId: string, data: object | null, hasPendingWrites = false) {
  const listener = listeners.get(`posts/${postId}`);
  if (!listener) throw new Error(`nobody listens to posts/${postId}`);
  act(() => listener.next({ data: () => data ?? undefined, metadata: { hasPendingWrites } }));
}

function render(initial: PagedQuery<PostCard>, own = true) {
  return renderHook(
    ({ pages }) => ({ list: useWithOwnWrites(pages, own), writes: useOwnPostWrites() }),
    { initialProps: { pages: initial } },
  );
}

const ids = (pages: PagedQuery<PostCard>) => pages.items.map((post) => post.id);
const captions = (pages: PagedQuery<PostCard>) => pages.items.map((post) => post.postCaption);

beforeEach(() => {
  resetOwnPostWrites();
  listeners.clear();
});

test('a post made here shows first from its post, pending, until its card arrives', () => {
  const cards = staticPagedQuery([card('old', 1)] as never) as PagedQuery<PostCard>;
  const { result, rerender } = render(cards);
  act(() => noteOwnPostMade('new'));
  expect([...listeners.keys()]).toEqual(['posts/new']);
  deliver('new', card('new', 2), true);
  expect(ids(result.current.list)).toEqual(['new', 'old']);
  expect(result.current.list.pendingIds).toEqual(new Set(['new']));

  // Confirmed but not copied yet: still shown from the post.
  deliver('new', card('new', 2));
  expect(ids(result.current.list)).toEqual(['new', 'old']);
  expect(result.current.list.pendingIds).toEqual(new Set());

  rerender({ pages: staticPagedQuery([card('new', 2), card('old', 1)] as never) as never });
  expect(ids(result.current.list)).toEqual(['new', 'old']);
  expect(result.current.writes.made).toEqual(new Set());
  expect([...listeners.keys()]).toEqual([]);
});

test('a shown post edited here is its post until its card has the edit', () => {
  const before = staticPagedQuery([card('p', 1, 'typo')] as never) as PagedQuery<PostCard>;
  const { result, rerender } = render(before);
  act(() => noteOwnPostEdited('p'));
  deliver('p', card('p', 1, 'fixed', 5));
  expect(captions(result.current.list)).toEqual(['fixed']);
  expect(result.current.writes.edited).toEqual(new Set(['p']));

  rerender({ pages: staticPagedQuery([card('p', 1, 'fixed', 5)] as never) as never });
  expect(captions(result.current.list)).toEqual(['fixed']);
  expect(result.current.writes.edited).toEqual(new Set());
  expect([...listeners.keys()]).toEqual([]);
});

test('an edited post not on the pages read is not put at the top', () => {
  const { result } = render(staticPagedQuery([card('b', 2)] as never) as never);
  act(() => noteOwnPostEdited('a'));
  deliver('a', card('a', 1, 'edited', 5));
  expect(ids(result.current.list)).toEqual(['b']);
});

test('a post deleted here is gone at once, before its card', () => {
  const cards = staticPagedQuery([card('b', 2), card('a', 1)] as never) as PagedQuery<PostCard>;
  const { result } = render(cards);
  act(() => noteOwnPostDeleted('b'));
  expect(ids(result.current.list)).toEqual(['a']);
});

test('a made post whose write was refused (its post is missing) is settled', () => {
  const { result } = render(staticPagedQuery([] as never) as never);
  act(() => noteOwnPostMade('refused'));
  deliver('refused', null);
  expect(ids(result.current.list)).toEqual([]);
  expect(result.current.writes.made).toEqual(new Set());
});

test('another member’s list is left as it is and reads nothing more', () => {
  const cards = staticPagedQuery([card('theirs', 1)] as never) as PagedQuery<PostCard>;
  const { result } = render(cards, false);
  act(() => {
    noteOwnPostMade('new');
    noteOwnPostDeleted('theirs');
  });
  expect(listeners.size).toBe(0);
  expect(ids(result.current.list)).toEqual(['theirs']);
});
