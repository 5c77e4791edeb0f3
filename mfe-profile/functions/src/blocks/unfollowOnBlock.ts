// A block ends the follows between the two members, both ways (docs/DATA_MODEL.md "Blocks and
// mutes"). Only the edges are deleted here: each delete is an edge event of its own, on which
// `fanOutFollow` takes the follower out of the lists and the target's posts, as for an unfollow.
import type { Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS } from 'shared-firebase/server';
import { followEdgeId } from '../follows/bounds';

/** `blocks/{blocker}_{blocked}`: the document id of a block. */
export const blockEdgeId = (blocker: string, blocked: string): string => `${blocker}_${blocked}`;

/**
 * Deletes `follows/{blocker}_{blocked}` and `follows/{blocked}_{blocker}` if the block still
 * stands, in one transaction with reading it: an event delivered late, after an unblock and a new
 * follow, deletes nothing. Idempotent: a second delivery finds no edge. Returns how many edges it
 * deleted.
 */
export async function unfollowOnBlock(
  db: Firestore,
  blocker: string,
  blocked: string,
): Promise<number> {
  const block = db.collection(COLLECTIONS.blocks).doc(blockEdgeId(blocker, blocked));
  const edges = [followEdgeId(blocker, blocked), followEdgeId(blocked, blocker)].map((id) =>
    db.collection(COLLECTIONS.follows).doc(id),
  );
  return db.runTransaction(async (tx) => {
    const [stands, ...found] = await Promise.all([tx.get(block), ...edges.map((e) => tx.get(e))]);
    if (!stands.exists) return 0;
    const existing = found.filter((edge) => edge.exists);
    for (const edge of existing) tx.delete(edge.ref);
    return existing.length;
  });
}
