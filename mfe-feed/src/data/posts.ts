import { orderBy, query, where } from 'firebase/firestore';
import type { Query } from 'firebase/firestore';
import { useCallback, useMemo } from 'react';
import {
  isBlockedEitherWay,
  postCardRef,
  postCardsCollection,
  postRef,
  postsCollection,
  useCardPages,
  useHiddenMembers,
  useLiveCard,
  useWithoutSuspended,
} from 'shared-firebase';
import type { LiveQuery, PagedQuery, PostCard, WithId } from 'shared-firebase';
import { useWithOwnWrites } from './ownPosts';

/** Posts per page of an author's list (the profile page) and of a tag's (the tag page). */
export const PROFILE_PAGE_SIZE = 3;

// ---- queries ----

/**
 * One author's posts, newest first (profile page and the exposed post list): their cards, the
 * posts without the follower and liker lists (docs/DATA_MODEL.md "Post cards"), or, given
 * `postsCollection()`, the posts themselves.
 */
export function authorPostsQuery(
  authorUid: string,
  posts: Query<PostCard> = postCardsCollection(),
): Query<PostCard> {
  return query(posts, where('uid', '==', authorUid), orderBy('createdAt', 'desc'));
}

/**
 * The posts with a tag (normalised, as the explore team's function stores `tags`), newest first:
 * the tag page, through the exposed tag post list. Over the post cards, as authorPostsQuery.
 */
export function tagPostsQuery(
  tag: string,
  posts: Query<PostCard> = postCardsCollection(),
): Query<PostCard> {
  return query(posts, where('tags', 'array-contains', tag), orderBy('createdAt', 'desc'));
}

// ---- hooks ----

/**
 * An author's live posts in pages of PROFILE_PAGE_SIZE: their cards (the posts while the author
 * has none yet). The viewer's own profile shows this tab's own writes on top until the cards have
 * them, so a post they just made shows at once (ownPosts.ts).
 */
export function useAuthorPosts(authorUid: string, viewerUid: string): PagedQuery<PostCard> {
  const cards = useMemo(() => authorPostsQuery(authorUid), [authorUid]);
  const posts = useMemo(() => authorPostsQuery(authorUid, postsCollection()), [authorUid]);
  const read = useCardPages(cards, posts, PROFILE_PAGE_SIZE, 'postCards');
  return useWithoutSuspended(useWithOwnWrites(read, authorUid === viewerUid));
}

/**
 * Post pages without the posts of members the viewer does not see (suspended, blocked either
 * way). A page of only theirs reads the next at once, so a list never says "no posts" while
 * others' remain; until the viewer's blocks are known the pages are loading.
 */
export function useShownPosts<P extends PostCard>(pages: PagedQuery<P>): PagedQuery<P> {
  const hidden = useHiddenMembers();
  const blocked = useCallback((post: WithId<P>) => isBlockedEitherWay(hidden, post.uid), [hidden]);
  return useWithoutSuspended(pages, blocked, hidden.loaded);
}

/**
 * The live posts with a tag in pages of PROFILE_PAGE_SIZE, without hidden members' (a tag may be
 * one a hidden member filled with posts).
 */
export function useTagPosts(tag: string): PagedQuery<PostCard> {
  const cards = useMemo(() => tagPostsQuery(tag), [tag]);
  const posts = useMemo(() => tagPostsQuery(tag, postsCollection()), [tag]);
  return useShownPosts(useCardPages(cards, posts, PROFILE_PAGE_SIZE, 'postCards'));
}

/**
 * The live single post (zero or one item): its card by id, or the post while it has none (the
 * page's read of the post by id; docs/DATA_MODEL.md "Post cards").
 */
export function useSinglePost(postId: string): LiveQuery<PostCard> {
  const card = useMemo(() => postCardRef(postId), [postId]);
  const post = useMemo(() => postRef(postId), [postId]);
  const read = useLiveCard(card, post);
  return useMemo((): LiveQuery<PostCard> => {
    if (read.status === 'ready') return { status: 'ready', items: [{ ...read.data, id: postId }] };
    if (read.status === 'missing') return { status: 'ready', items: [] };
    return read;
  }, [read, postId]);
}
