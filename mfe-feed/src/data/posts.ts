import { orderBy, query, where } from 'firebase/firestore';
import type { Query } from 'firebase/firestore';
import { useCallback, useMemo } from 'react';
import {
  isBlockedEitherWay,
  postsCollection,
  useHiddenMembers,
  useLiveQuery,
  usePagedQuery,
  useWithoutSuspended,
} from 'shared-firebase';
import type { LiveQuery, PagedQuery, Post, WithId } from 'shared-firebase';

/** Posts per page of an author's list (the profile page) and of a tag's (the tag page). */
export const PROFILE_PAGE_SIZE = 3;

// ---- queries ----

/** One author's posts, newest first (profile page and the exposed post list). */
export function authorPostsQuery(authorUid: string): Query<Post, Post> {
  return query(postsCollection(), where('uid', '==', authorUid), orderBy('createdAt', 'desc'));
}

/**
 * The posts with a tag (normalised, as the explore team's function stores `tags`), newest first:
 * the tag page, through the exposed tag post list.
 */
export function tagPostsQuery(tag: string): Query<Post, Post> {
  return query(
    postsCollection(),
    where('tags', 'array-contains', tag),
    orderBy('createdAt', 'desc'),
  );
}

/** The single post page: posts where `postId` equals the route parameter. */
export function singlePostQuery(postId: string): Query<Post, Post> {
  return query(postsCollection(), where('postId', '==', postId));
}

// ---- hooks ----

/** An author's live posts in pages of PROFILE_PAGE_SIZE. */
export function useAuthorPosts(authorUid: string): PagedQuery<Post> {
  const base = useMemo(() => authorPostsQuery(authorUid), [authorUid]);
  return useWithoutSuspended(usePagedQuery(base, PROFILE_PAGE_SIZE));
}

/**
 * Post pages without the posts of members the viewer does not see (suspended, blocked either
 * way). A page of only theirs reads the next at once, so a list never says "no posts" while
 * others' remain; until the viewer's blocks are known the pages are loading.
 */
export function useShownPosts(pages: PagedQuery<Post>): PagedQuery<Post> {
  const hidden = useHiddenMembers();
  const blocked = useCallback(
    (post: WithId<Post>) => isBlockedEitherWay(hidden, post.uid),
    [hidden],
  );
  return useWithoutSuspended(pages, blocked, hidden.loaded);
}

/**
 * The live posts with a tag in pages of PROFILE_PAGE_SIZE, without hidden members' (a tag may be
 * one a hidden member filled with posts).
 */
export function useTagPosts(tag: string): PagedQuery<Post> {
  const base = useMemo(() => tagPostsQuery(tag), [tag]);
  return useShownPosts(usePagedQuery(base, PROFILE_PAGE_SIZE));
}

/** The live single post (zero or one item). */
export function useSinglePost(postId: string): LiveQuery<Post> {
  const base = useMemo(() => singlePostQuery(postId), [postId]);
  return useLiveQuery(base);
}

// ---- writes ----
