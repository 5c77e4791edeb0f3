// A post that is gone leaves no like edge behind (docs/DATA_MODEL.md "Like edges"): whoever
// deleted it (its author, the account deletion, a moderator's removal), its likes go with it.
import type { Firestore, Query } from 'firebase-admin/firestore';
import {
  COLLECTIONS,
  likeCountShards,
  MAX_BATCH_WRITES,
  SERVER_COLLECTIONS,
} from 'shared-firebase/server';

/**
 * Deletes every like edge of `postId`, a batch at a time. Idempotent: a redelivered event finds
 * nothing left; no new edge appears meanwhile, since the rules refuse to like a missing post.
 * Returns how many it deleted.
 */
export function removeLikesOfPost(db: Firestore, postId: string): Promise<number> {
  return deleteAll(db, db.collection(COLLECTIONS.likes).where('postId', '==', postId).select());
}

/**
 * Deletes a gone post's like count: its marks first, then its shards. An edge's event still
 * running then either finds its mark gone (and writes nothing) or takes its like out before the
 * shards go; none writes a shard after (each would find its edge and mark both gone).
 */
export async function forgetLikeCounts(db: Firestore, postId: string): Promise<void> {
  const marks = db.collection(SERVER_COLLECTIONS.countedLikes).where('postId', '==', postId);
  await deleteAll(db, marks.select());
  const batch = db.batch();
  for (const shard of likeCountShards(db, postId)) batch.delete(shard);
  await batch.commit();
}

/** Deletes every document `query` finds, a batch at a time; returns how many. */
async function deleteAll(db: Firestore, query: Query): Promise<number> {
  let removed = 0;
  for (;;) {
    const page = await query.limit(MAX_BATCH_WRITES).get();
    if (page.empty) return removed;
    const batch = db.batch();
    for (const found of page.docs) batch.delete(found.ref);
    await batch.commit();
    removed += page.size;
    if (page.size < MAX_BATCH_WRITES) return removed;
  }
}
