// A block takes back the blocked member's likes of the blocker's posts (docs/DATA_MODEL.md "Blocks
// and mutes"). Only the like edges are deleted here: each delete is an edge event of its own, on
// which the feed's function takes the member out of the post's `likes`, as for an unlike.
import type { Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS, MAX_BATCH_WRITES } from 'shared-firebase/server';
import { blockEdgeId } from './unfollowOnBlock';

/**
 * Deletes `blocked`'s like edges of `blocker`'s posts, a page at a time, each page only while the
 * block still stands: an event delivered late, after an unblock and a new like, deletes nothing.
 * Idempotent: a second delivery finds no edge. Returns how many edges it deleted.
 */
export async function unlikeOnBlock(
  db: Firestore,
  blocker: string,
  blocked: string,
): Promise<number> {
  const block = db.collection(COLLECTIONS.blocks).doc(blockEdgeId(blocker, blocked));
  const edges = db
    .collection(COLLECTIONS.likes)
    .where('uid', '==', blocked)
    .where('author', '==', blocker)
    .limit(MAX_BATCH_WRITES);
  let removed = 0;
  for (;;) {
    const page = await db.runTransaction(async (tx) => {
      const [stands, found] = await Promise.all([tx.get(block), tx.get(edges)]);
      if (!stands.exists) return 0;
      for (const edge of found.docs) tx.delete(edge.ref);
      return found.size;
    });
    removed += page;
    if (page < MAX_BATCH_WRITES) return removed;
  }
}
