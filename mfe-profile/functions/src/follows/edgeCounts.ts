// The follow counts kept from the edges' events (docs/DATA_MODEL.md "Counts"): each member has
// COUNT_SHARDS counter documents per count, and each follow edge a mark saying it is counted in
// them (shared-firebase's edge counter). Beyond the lists' bound the count is the sum of the
// shards: a few small reads whatever the number of followers, where an index count reads one
// entry in a thousand of them.
import { FieldValue, type DocumentReference, type Firestore } from 'firebase-admin/firestore';
import {
  COLLECTIONS,
  COUNT_SHARDS,
  countEdgeOnce,
  randomShard,
  SERVER_COLLECTIONS,
  sumOfShards,
  uncountMarked,
  type CountedEdge,
  type EdgeCountOutcome,
} from 'shared-firebase/server';
import { followEdgeId } from './bounds';

/** Which of a member's counts: their followers, or the members they follow. */
export type FollowCount = 'followers' | 'following';

/** `followCountShards/{uid}_{count}_{n}` `{ uid, count, n, value }`: part of a member's count. */
function countShard(db: Firestore, uid: string, count: FollowCount, shard: number) {
  return db.collection(SERVER_COLLECTIONS.followCountShards).doc(`${uid}_${count}_${shard}`);
}

/** Every shard of one count of a member, in shard order. */
export function countShards(db: Firestore, uid: string, count: FollowCount): DocumentReference[] {
  return Array.from({ length: COUNT_SHARDS }, (_, shard) => countShard(db, uid, count, shard));
}

/** `countedFollows/{follower}_{target}` `{ follower, target }`: the edge is in both counts. */
function countedMark(db: Firestore, follower: string, target: string): DocumentReference {
  return db.collection(SERVER_COLLECTIONS.countedFollows).doc(followEdgeId(follower, target));
}

/** One follow as its counts see it: the target's followers and the follower's following. */
export function countedFollow(
  db: Firestore,
  follower: string,
  target: string,
  pickShard: () => number = randomShard,
): CountedEdge<DocumentReference> {
  return {
    edge: db.collection(COLLECTIONS.follows).doc(followEdgeId(follower, target)),
    mark: countedMark(db, follower, target),
    markFields: { follower, target },
    shards: (
      [
        [target, 'followers'],
        [follower, 'following'],
      ] as const
    ).map(([uid, count]) => {
      const n = pickShard();
      return { ref: countShard(db, uid, count, n), fields: { uid, count, n } };
    }),
  };
}

/**
 * Brings both counts to the follow edge as it is now (countEdgeOnce): the same event twice, an
 * older event late, the migration's pass and a deletion job's clean-up count each follow once.
 */
export function countFollowEdge(
  db: Firestore,
  follower: string,
  target: string,
  pickShard?: () => number,
): Promise<EdgeCountOutcome> {
  return countEdgeOnce(db, countedFollow(db, follower, target, pickShard), FieldValue.increment);
}

/** The member's count as the shards hold it (COUNT_SHARDS reads; 0 when none exist). */
export async function countedFollows(
  db: Firestore,
  uid: string,
  count: FollowCount,
): Promise<number> {
  return sumOfShards(await db.getAll(...countShards(db, uid, count)));
}

/**
 * For a member whose account is being deleted: takes up to `limit` of their follows (either way)
 * still counted out of the counts, deleting first any such edge that still exists; returns how
 * many. Once it returns 0 no event will write their shards again.
 */
export function uncountGoneEdges(db: Firestore, uid: string, limit: number): Promise<number> {
  const marks = db.collection(SERVER_COLLECTIONS.countedFollows);
  return uncountMarked<DocumentReference>(
    db,
    (['follower', 'target'] as const).map((side) =>
      marks.where(side, '==', uid).select('follower', 'target').limit(limit),
    ),
    (mark) => countedFollow(db, mark.get('follower') as string, mark.get('target') as string),
    FieldValue.increment,
  );
}
