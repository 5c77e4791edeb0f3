import { orderBy, query } from 'firebase/firestore';
import type { Query } from 'firebase/firestore';
import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  hiddenBySuspension,
  isBlockedEitherWay,
  savedPostsCollection,
  useHiddenMembers,
  usePagedQuery,
} from 'shared-firebase';
import type { PagedQuery, PostCard, SavedPost, WithId } from 'shared-firebase';
import type { PagedItems } from 'shared-ui';
import { useLivePosts } from './livePosts';

/** Saved posts per page of `/saved`: whole post cards, as many as a page of the feed. */
export const SAVED_PAGE_SIZE = 3;

// ---- queries ----

/** The member's bookmarks, the last saved first (automatic single-field index on `savedAt`). */
export function savedPostsQuery(uid: string): Query<SavedPost, SavedPost> {
  return query(savedPostsCollection(uid), orderBy('savedAt', 'desc'));
}

// ---- hooks ----

/** The member's live bookmarks in pages of SAVED_PAGE_SIZE. */
export function useSavedPosts(uid: string): PagedQuery<SavedPost> {
  const base = useMemo(() => savedPostsQuery(uid), [uid]);
  return usePagedQuery(base, SAVED_PAGE_SIZE);
}

/**
 * `/saved`: the member's saved posts as live post cards, the last saved first, read page by page.
 * A post deleted since it was saved is left out at once (its bookmark goes later, with the feed's
 * function), and so is one whose author is blocked either way or suspended (its bookmark stays,
 * and it shows again when the block or suspension is lifted); while the first posts, or the
 * viewer's blocks, load the list is loading, and a post that cannot be read fails the list, whose
 * Retry reads everything again.
 */
export function useSavedPostList(uid: string): PagedItems<WithId<PostCard>> {
  const saved = useSavedPosts(uid);
  const hidden = useHiddenMembers();
  const [restarts, setRestarts] = useState(0);
  const posts = useLivePosts(
    saved.items.map((bookmark) => bookmark.id),
    restarts,
  );
  const shown = saved.items.flatMap((bookmark) => {
    const post = posts[bookmark.id];
    if (post?.status !== 'ready') return [];
    if (hiddenBySuspension(post.data) || isBlockedEitherWay(hidden, post.data.uid)) return [];
    return [{ ...post.data, id: bookmark.id }];
  });
  const waiting = saved.items.some(
    (bookmark) => (posts[bookmark.id]?.status ?? 'loading') === 'loading',
  );
  const failed = saved.items.some((bookmark) => posts[bookmark.id]?.status === 'error');
  // Every bookmark read so far is of a deleted or hidden post, and more exist: read on rather than
  // show an empty list (nothing on screen would bring the next page into view).
  const readOn =
    hidden.loaded &&
    saved.status === 'ready' &&
    shown.length === 0 &&
    !waiting &&
    saved.hasMore &&
    !saved.loadMoreError;
  const { retry: retrySaved, loadMore } = saved;
  useEffect(() => {
    if (readOn) loadMore();
  }, [readOn, loadMore]);
  const retry = useCallback(() => {
    setRestarts((count) => count + 1);
    retrySaved();
  }, [retrySaved]);

  return {
    // Until the viewer's blocks are known, a blocker's or blocked member's post would flash.
    items: hidden.loaded ? shown : [],
    status:
      saved.status === 'error' || failed
        ? 'error'
        : saved.status === 'loading' ||
            !hidden.loaded ||
            (shown.length === 0 && (waiting || readOn))
          ? 'loading'
          : 'ready',
    hasMore: saved.hasMore,
    loadingMore: saved.loadingMore,
    loadMore: saved.loadMore,
    loadMoreError: saved.loadMoreError,
    retry,
  };
}
