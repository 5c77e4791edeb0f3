// The like edges' triggers (docs/DATA_MODEL.md "Like edges"): a member's browser writes only
// `likes/{postId}_{uid}`; the post's `likes` and its like count follow from it here.
import { FieldValue, getFirestore } from 'firebase-admin/firestore';
import { countLikeEdge } from 'shared-firebase/server';
import * as logger from 'firebase-functions/logger';
import { onDocumentDeleted, onDocumentWritten } from 'firebase-functions/v2/firestore';
import { syncPostCounts } from '../postCounts';
import { forgetLikeCounts, removeLikesOfPost } from './postLikeEdges';
import { reconcileLike } from './reconcileLike';

/** Which post and member an edge's event is about (its data before or after). */
function pairOf(data: Record<string, unknown> | undefined): { postId: string; uid: string } | null {
  const postId = data?.['postId'];
  const uid = data?.['uid'];
  return typeof postId === 'string' && typeof uid === 'string' ? { postId, uid } : null;
}

/**
 * A like or unlike: the post's `likes` and `counts.likes` follow the edge. At-least-once and
 * retried: every run works towards the edge's current state, and the count is a recount.
 */
export const fanOutLike = onDocumentWritten(
  { document: 'likes/{edgeId}', retry: true },
  async (event) => {
    const pair = pairOf(event.data?.after.data()) ?? pairOf(event.data?.before.data());
    if (!pair) return;
    const db = getFirestore();
    const state = await reconcileLike(db, pair.postId, pair.uid);
    // The edge into (or out of) the count shards, once however often delivered; then the count.
    // Within the list's bound the post's own trigger counts it too; beyond it the list no longer
    // changes, so the edge's event counts.
    await countLikeEdge(db, pair.postId, pair.uid, FieldValue.increment);
    await syncPostCounts(db, pair.postId, { comments: false });
    logger.debug(`like ${event.params.edgeId}: likes ${state.likes}, listed ${state.listed}`);
  },
);

/**
 * A post deleted (by its author, or with server credentials): every like edge of it goes, then its
 * count's marks and shards.
 */
export const removeDeletedPostLikes = onDocumentDeleted(
  { document: 'posts/{postId}', retry: true },
  async (event) => {
    const db = getFirestore();
    await removeLikesOfPost(db, event.params.postId);
    await forgetLikeCounts(db, event.params.postId);
  },
);
