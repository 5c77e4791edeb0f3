// `postCards/{postId}` (docs/DATA_MODEL.md "Post cards"): the post as readers download it, without
// its follower and liker lists, copied from the post as it is when this runs.
import type { Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS, postCardFields, syncCard, type CardOutcome } from 'shared-firebase/server';

/** Brings the post's card to the post (deleted with it). */
export function syncPostCard(db: Firestore, postId: string): Promise<CardOutcome> {
  return syncCard(
    db.collection(COLLECTIONS.posts).doc(postId),
    db.collection(COLLECTIONS.postCards).doc(postId),
    postCardFields,
  );
}
