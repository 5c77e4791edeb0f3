import { act, renderHook } from '@testing-library/react';
import type { PagedQuery, PostCard } from 'shared-firebase';
import { staticPagedQuery } from 'shared-firebase/testing/fakePagedQuery';
import { deliver, documentListeners } from '../testing/documentListeners';
import { useWithOwnWrites } from './ownPosts';
import {
  noteOwnPostDeleted,
  noteOwnPostEdited,
  noteOwnPostMade,
  resetOwnPostWrites,
  useOwnPostWrites,
} from './ownPostWrites';

jest.mock('firebase/firestore', () =>
  jest.requireActual('../testing/documentListeners').firestoreWithListeners(),
);
jest.mock('shared-firebase/session', () =>
  jest.requireActual('shared-firebase/testing/firebaseFakes').loadedFirebase(),
);

const listeners = documentListeners();

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
const deliverPost = (postId: string, data: object | null, hasPendingWrites = false) =>
  deliver(`posts/${postId}`, data, hasPendingWrites);

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
  deliverPost('new', card('new', 2), true);
  expect(ids(result.current.list)).toEqual(['new', 'old']);
  expect(result.current.list.pendingIds).toEqual(new Set(['new']));

  // Confirmed but not copied yet: still shown from the post.
  deliverPost('new', card('new', 2));
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
  deliverPost('p', card('p', 1, 'fixed', 5));
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
  deliverPost('a', card('a', 1, 'edited', 5));
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
  deliverPost('refused', null);
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
