// Likes (docs/DATA_MODEL.md "Like edges"): the browser writes only the like's own document,
// `likes/{postId}_{me}`, created to like and deleted to unlike. The feed's function fills the
// post's `likes` and its count from it, so a like costs one small write whatever the post's size.
import { orderBy, query, serverTimestamp, where, writeBatch } from 'firebase/firestore';
import { useMemo } from 'react';
import {
  COLLECTIONS,
  getDb,
  likeEdgeRef,
  typedCollection,
  useLiveDocument,
  usePagedQuery,
} from 'shared-firebase';
import type { LikeEdge, LiveDocument, PagedQuery, Post } from 'shared-firebase';

/**
 * Likes (`liked` true) or unlikes `post` as `viewerUid`: one write of one document. The edge's
 * listeners see it at once, from the SDK's local write; the promise settles when the server has
 * accepted it. The author's activity item follows from the activity team's function.
 */
export async function setLiked(
  post: Pick<Post, 'postId' | 'uid'>,
  viewerUid: string,
  liked: boolean,
): Promise<void> {
  const edge = likeEdgeRef(post.postId, viewerUid);
  const batch = writeBatch(getDb());
  if (liked) {
    // The server's time, which the rules require; typed as the stored Timestamp it becomes.
    const createdAt = serverTimestamp() as unknown as LikeEdge['createdAt'];
    batch.set(edge, { postId: post.postId, uid: viewerUid, author: post.uid, createdAt });
  } else batch.delete(edge);
  await batch.commit();
}

/** The viewer's live like of one post: `ready` when liked, `missing` when not. */
export function useOwnLike(viewerUid: string, postId: string): LiveDocument<LikeEdge> {
  const ref = useMemo(() => likeEdgeRef(postId, viewerUid), [postId, viewerUid]);
  return useLiveDocument(ref);
}

/** A post's likes as the viewer should see them. */
export interface ShownLikes {
  /** Whether the viewer likes it; null until known. */
  liked: boolean | null;
  /** How many members like it. */
  count: number;
  /** The likers the post lists (every liker while its list is complete). */
  likers: string[];
}

/**
 * The post's listed likes with the viewer's own like or unlike applied at once (the function lists
 * it a moment later), and its count: the list's length while it is complete, else the function's
 * count of the like edges. Until the viewer's like is read, the list says whether they like it.
 */
export function shownLikes(
  post: Pick<Post, 'likes' | 'likesComplete' | 'counts'>,
  viewerUid: string,
  own: LiveDocument<LikeEdge>,
): ShownLikes {
  const listed = post.likes.includes(viewerUid);
  const known = own.status === 'ready' || own.status === 'missing';
  const liked = known ? own.status === 'ready' : listed ? true : null;
  let likers = post.likes;
  if (known && liked && !listed) likers = [...post.likes, viewerUid];
  if (known && !liked && listed) likers = post.likes.filter((uid) => uid !== viewerUid);
  const complete = post.likesComplete !== false;
  const count = complete ? likers.length : Math.max(post.counts?.likes ?? 0, likers.length);
  return { liked, count, likers };
}

/** Likers per page of a post whose `likes` is no longer complete. */
export const LIKE_EDGES_PAGE_SIZE = 20;

/**
 * Who likes `postId`, newest first, live, a page at a time, from the like edges: for a post whose
 * `likes` stopped at its bound (`likesComplete: false`), so its likers are read without any
 * document holding them all.
 */
export function useLikeEdges(postId: string): PagedQuery<LikeEdge> {
  const edges = useMemo(
    () =>
      query(
        typedCollection<LikeEdge>(COLLECTIONS.likes),
        where('postId', '==', postId),
        orderBy('createdAt', 'desc'),
      ),
    [postId],
  );
  return usePagedQuery(edges, LIKE_EDGES_PAGE_SIZE);
}
