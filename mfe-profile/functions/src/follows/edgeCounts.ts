// The follow counts kept from the edges' events (docs/DATA_MODEL.md "Counts"): each member has
// FOLLOW_COUNT_SHARDS counter documents per count, and each follow edge a mark saying it is
// counted in them. Beyond the lists' bound the count is the sum of the shards: a few small reads
// whatever the number of followers, where an index count reads one entry in a thousand of them.
import { FieldValue, type DocumentReference, type Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS, SERVER_COLLECTIONS } from 'shared-firebase/server';
import { followEdgeId } from './bounds';

/**
 * Counter documents per member and count. Each takes about one write a second in production, so
 * a member's count keeps up with about this many follows (or unfollows) a second; a burst beyond
 * it waits in the transactions' retries.
 */
export const FOLLOW_COUNT_SHARDS = 10;

/** Which of a member's counts: their followers, or the members they follow. */
export type FollowCount = 'followers' | 'following';

/** `followCountShards/{uid}_{count}_{n}` `{ uid, count, n }`: part of a member's count. */
export function countShard(
  db: Firestore,
  uid: string,
  count: FollowCount,
  shard: number,
): DocumentReference {
  return db.collection(SERVER_COLLECTIONS.followCountShards).doc(`${uid}_${count}_${shard}`);
}

/** Every shard of one count of a member, in shard order. */
export function countShards(db: Firestore, uid: string, count: FollowCount): DocumentReference[] {
  return Array.from({ length: FOLLOW_COUNT_SHARDS }, (_, shard) =>
    countShard(db, uid, count, shard),
  );
}

/** `countedFollows/{follower}_{target}` `{ follower, target }`: the edge is in both counts. */
export function countedMark(db: Firestore, follower: string, target: string): DocumentReference {
  return db.collection(SERVER_COLLECTIONS.countedFollows).doc(followEdgeId(follower, target));
}

/** What counting an edge did: added it, took it out, or found the counts already right. */
export type FollowCountOutcome = 'added' | 'removed' | 'unchanged';

/**
 * Brings the counts to the edge as it is now: an edge without a mark is added to the target's
 * followers and the follower's following (one random shard each) and marked; a mark without its
 * edge is taken out and removed. One transaction over the edge and its mark, so the same event
 * twice, an older event late, the migration's pass and a deletion job's clean-up all count each
 * follow exactly once. The shards are only written (an increment), never read here: members
 * following the same member at once contend only for their own edge's documents.
 */
export function countFollowEdge(
  db: Firestore,
  follower: string,
  target: string,
  pickShard: () => number = () => Math.floor(Math.random() * FOLLOW_COUNT_SHARDS),
): Promise<FollowCountOutcome> {
  const edgeRef = db.collection(COLLECTIONS.follows).doc(followEdgeId(follower, target));
  const markRef = countedMark(db, follower, target);
  return db.runTransaction(async (transaction) => {
    const [edge, mark] = await transaction.getAll(edgeRef, markRef);
    if (edge!.exists === mark!.exists) return 'unchanged';
    const step = edge!.exists ? 1 : -1;
    if (edge!.exists) transaction.set(markRef, { follower, target });
    else transaction.delete(markRef);
    for (const [uid, count] of [
      [target, 'followers'],
      [follower, 'following'],
    ] as const) {
      const shard = pickShard();
      transaction.set(
        countShard(db, uid, count, shard),
        { uid, count, n: shard, value: FieldValue.increment(step) },
        { merge: true },
      );
    }
    return step > 0 ? 'added' : 'removed';
  });
}

/** The member's count as the shards hold it (FOLLOW_COUNT_SHARDS reads; 0 when none exist). */
export async function countedFollows(
  db: Firestore,
  uid: string,
  count: FollowCount,
): Promise<number> {
  const shards = await db.getAll(...countShards(db, uid, count));
  return shards.reduce((sum, shard) => {
    const value: unknown = shard.get('value');
    return sum + (typeof value === 'number' ? value : 0);
  }, 0);
}

/**
 * For a member whose account is being deleted: takes up to `limit` of their edges still counted
 * out of the counts, as the edges' own events would, deleting first any such edge that still
 * exists (one made after the deletion's follow steps), so each mark found goes; returns how many.
 * Once it returns 0 no event will write their shards again (each would find its edge and mark
 * both gone).
 */
export async function uncountGoneEdges(db: Firestore, uid: string, limit: number): Promise<number> {
  const marks = db.collection(SERVER_COLLECTIONS.countedFollows);
  const pages = await Promise.all(
    (['follower', 'target'] as const).map((side) =>
      marks.where(side, '==', uid).select('follower', 'target').limit(limit).get(),
    ),
  );
  const pairs = pages.flatMap((page) =>
    page.docs.map((mark) => ({
      follower: mark.get('follower') as string,
      target: mark.get('target') as string,
    })),
  );
  for (const { follower, target } of pairs) {
    await db.collection(COLLECTIONS.follows).doc(followEdgeId(follower, target)).delete();
    await countFollowEdge(db, follower, target);
  }
  return pairs.length;
}
