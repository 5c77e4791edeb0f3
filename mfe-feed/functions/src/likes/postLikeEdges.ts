// A post that is gone leaves no like edge behind (docs/DATA_MODEL.md "Like edges"): whoever
// deleted it (its author, the account deletion, a moderator's removal), its likes go with it.
import type { Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS, MAX_BATCH_WRITES } from 'shared-firebase/server';

/**
 * Deletes every like edge of `postId`, a batch at a time. Idempotent: a redelivered event finds
 * nothing left; no new edge appears meanwhile, since the rules refuse to like a missing post.
 * Returns how many it deleted.
 */
export async function removeLikesOfPost(db: Firestore, postId: string): Promise<number> {
  const edges = db.collection(COLLECTIONS.likes).where('postId', '==', postId).select();
  let removed = 0;
  for (;;) {
    const page = await edges.limit(MAX_BATCH_WRITES).get();
    if (page.empty) return removed;
    const batch = db.batch();
    for (const edge of page.docs) batch.delete(edge.ref);
    await batch.commit();
    removed += page.size;
    if (page.size < MAX_BATCH_WRITES) return removed;
  }
}
