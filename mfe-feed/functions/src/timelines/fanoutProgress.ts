// Where a post's push is (docs/DATA_MODEL.md "Timelines"): `timelineFanouts/{postId}` for the post,
// and one document per lane, an id range of the author's follow edges paged on its own, so the
// lanes' pages commit side by side without contending for one document's version.
import { Timestamp, type DocumentReference, type Firestore } from 'firebase-admin/firestore';
import { SERVER_COLLECTIONS } from 'shared-firebase/server';
import { TIMELINE_FANOUT_KEEP_MS } from './bounds';
import type { EdgeRange } from './followerPages';

/** `timelineFanouts/{postId}/timelineFanoutLanes/{n}`: a collection group of its own for its TTL. */
export const FANOUT_LANES = 'timelineFanoutLanes';

/** `timelineFanouts/{postId}`, written by the post's timeline functions only. */
export interface TimelineFanout {
  postId: string;
  author: string;
  /** The state the timelines are brought to: the post in them (it exists) or not. */
  listed: boolean;
  /** How many lanes the push runs (`0` for a post never pushed). */
  lanes: number;
  /** Pushed: every lane is done; removed: every entry is deleted. */
  done: boolean;
  /** When production's TTL policy deletes this progress (TIMELINE_FANOUT_KEEP_MS after its start). */
  expireAt: Timestamp;
}

/** `timelineFanouts/{postId}/timelineFanoutLanes/{n}`: lane n's part of the push. */
export interface FanoutLane {
  /** False once the post is deleted (final), which stops the lane at its next page. */
  listed: boolean;
  /** The id of the lane's last follow edge done, in document id order; null before its first page. */
  cursor: string | null;
  done: boolean;
  expireAt: Timestamp;
}

/** Firebase Auth's uid characters (28 of them, random), in byte order. */
const UID_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/**
 * The edge id ranges of `count` lanes: the uid alphabet cut into equal parts (an edge id starts
 * with the follower's uid), the first lane open below and the last above, so that any id, a custom
 * uid's too, is in exactly one.
 */
export function laneRanges(count: number): EdgeRange[] {
  const cut = (n: number) => UID_ALPHABET[Math.round((n * UID_ALPHABET.length) / count)]!;
  return Array.from({ length: count }, (_, n) => ({
    from: n === 0 ? null : cut(n),
    to: n === count - 1 ? null : cut(n + 1),
  }));
}

export const fanoutRef = (db: Firestore, postId: string) =>
  db.collection(SERVER_COLLECTIONS.timelineFanouts).doc(postId);

export const laneRefs = (fanout: DocumentReference, count: number) =>
  Array.from({ length: count }, (_, n) => fanout.collection(FANOUT_LANES).doc(String(n)));

const keepUntil = () => Timestamp.fromMillis(Date.now() + TIMELINE_FANOUT_KEEP_MS);

/**
 * Starts the push's progress and its lanes unless started, finished or stopped by a delete;
 * returns the number of lanes to run, or null when there is nothing to push. A transaction, so
 * two runs start one push, and a delete's stop comes either before (final) or after (seen by
 * every lane's next page).
 */
export function startFanout(
  db: Firestore,
  postId: string,
  author: string,
  lanes: number,
): Promise<number | null> {
  const ref = fanoutRef(db, postId);
  return db.runTransaction(async (transaction) => {
    const read = await transaction.get(ref);
    const stored = read.data() as Partial<TimelineFanout> | undefined;
    if (stored?.listed === false || stored?.done === true) return null;
    if (stored && typeof stored.lanes === 'number' && stored.lanes > 0) return stored.lanes;
    const expireAt = keepUntil();
    const start: TimelineFanout = { postId, author, listed: true, lanes, done: false, expireAt };
    transaction.set(ref, start);
    for (const lane of laneRefs(ref, lanes)) {
      const fresh: FanoutLane = { listed: true, cursor: null, done: false, expireAt };
      transaction.set(lane, fresh);
    }
    return lanes;
  });
}

/**
 * Says `listed: false` (final: a post id is never used again, its tombstone stays) on the progress
 * and every lane in one transaction, so no lane commits another page, and a late create event
 * pushes nothing.
 */
export async function stopFanout(db: Firestore, postId: string, author: string): Promise<void> {
  const ref = fanoutRef(db, postId);
  await db.runTransaction(async (transaction) => {
    const read = await transaction.get(ref);
    if (read.get('listed') === false) return;
    const counted: unknown = read.get('lanes');
    const lanes = typeof counted === 'number' ? counted : 0;
    const stop: TimelineFanout = {
      postId,
      author,
      listed: false,
      lanes,
      done: false,
      expireAt: keepUntil(),
    };
    transaction.set(ref, stop);
    for (const lane of laneRefs(ref, lanes)) transaction.update(lane, { listed: false });
  });
}
