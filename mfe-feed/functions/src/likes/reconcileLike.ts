// One like's server work (docs/DATA_MODEL.md "Like edges"): whatever the event, the post's
// `likes` is brought to what the edge says NOW, so the same event twice, an older event late, or a
// like and its undo handled at once all end in the edge's state.
import type { Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS, likeEdgeId } from 'shared-firebase/server';
import { syncLikeList } from './likeList';

/** Rounds before giving up while the member keeps toggling (the event is then retried). */
const ROUNDS = 5;

/**
 * Brings `posts/{postId}.likes` in line with `likes/{postId}_{uid}`; returns whether the edge
 * stands and whether the list holds the uid. After the work the edge is read again: if it changed
 * meanwhile, the work runs again, so the run that finishes last leaves the edge's final state.
 */
export async function reconcileLike(
  db: Firestore,
  postId: string,
  uid: string,
): Promise<{ likes: boolean; listed: boolean }> {
  const edge = db.collection(COLLECTIONS.likes).doc(likeEdgeId(postId, uid));
  let likes = (await edge.get()).exists;
  for (let round = 0; round < ROUNDS; round += 1) {
    const listed = await syncLikeList(db, postId, uid, likes);
    const now = (await edge.get()).exists;
    if (now === likes) return { likes, listed };
    likes = now;
  }
  throw new Error(`likes/${likeEdgeId(postId, uid)} kept changing`);
}
