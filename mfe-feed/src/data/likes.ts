// Likes (docs/DATA_MODEL.md "Like edges"): the browser writes only the like's own document,
// `likes/{postId}_{me}`, created to like and deleted to unlike. The feed's function fills the
// post's `likes` and its count from it, so a like costs one small write whatever the post's size.
import { serverTimestamp, writeBatch } from 'firebase/firestore';
import { useMemo, useRef } from 'react';
import { getDb, likeEdgeRef, useLiveDocument } from 'shared-firebase';
import type { LikeEdge, LiveDocument, Post, PostCard } from 'shared-firebase';

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
  /** Whether the viewer likes it (their like edge); null until known. */
  liked: boolean | null;
  /** How many members like it. */
  count: number;
  /** The likers the post lists, for a post read with its list; empty for a card. */
  likers: string[];
  /** Whether `likers` is every liker: a post read with its whole list (else the like edges are). */
  complete: boolean;
}

/** The viewer's like as it was when the post's stored count was last seen to change. */
export interface LikeBaseline {
  stored: number;
  liked: boolean;
}

/** The fields of a post (or its card) its likes are shown from. */
export type LikedPost = Pick<PostCard, 'likesComplete' | 'counts'> & { likes?: string[] };

/**
 * The post's likes with the viewer's own like or unlike applied at once (the function counts it a
 * moment later; docs/DATA_MODEL.md "Counts / Shown"). Liked-by-me is the viewer's edge. The count
 * is the function's `counts.likes`: the viewer's like as it was when that count was last seen to
 * change (`baseline`) is taken as counted, and a later change of the edge adds or takes one until
 * the count moves. A post not counted yet shows its list's length, with the viewer's edge applied.
 */
export function shownLikes(
  post: LikedPost,
  viewerUid: string,
  own: LiveDocument<LikeEdge>,
  baseline: LikeBaseline | null,
): ShownLikes {
  const known = own.status === 'ready' || own.status === 'missing';
  const liked = known ? own.status === 'ready' : null;
  const list = post.likes;
  const listed = list?.includes(viewerUid) ?? false;
  let likers = list ?? [];
  if (list && liked === true && !listed) likers = [...list, viewerUid];
  if (list && liked === false && listed) likers = list.filter((uid) => uid !== viewerUid);
  const complete = list !== undefined && post.likesComplete !== false;
  const stored = post.counts?.likes;
  if (stored === undefined) return { liked, count: likers.length, likers, complete };
  const counted = baseline && baseline.stored === stored ? baseline.liked : liked;
  const count =
    liked === null || counted === null || liked === counted
      ? stored
      : Math.max(0, stored + (liked ? 1 : -1));
  return { liked, count, likers, complete };
}

/** shownLikes of `post` for the viewer, from their live like edge (`useOwnLike`). */
export function useShownLikes(
  post: LikedPost,
  viewerUid: string,
  own: LiveDocument<LikeEdge>,
): ShownLikes {
  const baseline = useRef<LikeBaseline | null>(null);
  const stored = post.counts?.likes;
  const known = own.status === 'ready' || own.status === 'missing';
  if (stored !== undefined && known && baseline.current?.stored !== stored) {
    baseline.current = { stored, liked: own.status === 'ready' };
  }
  return shownLikes(post, viewerUid, own, baseline.current);
}
