// One follow in the follower's timeline (docs/DATA_MODEL.md "Timelines"): a follow copies the
// target's newest posts in, or lists a pulled target; an unfollow takes them out again.
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS, TIMELINE_ENTRIES } from 'shared-firebase/server';
import { entryRef } from './postTimelines';
import { isPulledAuthor, listPulled, newestEntries } from './pulledAuthors';

/** Rounds before giving up while the member keeps toggling (the event is then retried). */
const ROUNDS = 5;

/** `follows/{follower}_{target}`. */
const edgeRef = (db: Firestore, follower: string, target: string) =>
  db.collection(COLLECTIONS.follows).doc(`${follower}_${target}`);

/** The target's newest posts into the follower's timeline (set: the same entries twice agree). */
async function backfill(db: Firestore, follower: string, target: string): Promise<number> {
  const entries = await newestEntries(db, target);
  const batch = db.batch();
  for (const entry of entries) batch.set(entryRef(db, follower, entry.postId), entry);
  await batch.commit();
  return entries.length;
}

/** Every entry of `target` out of the follower's timeline, a batch at a time. */
async function removeAuthor(db: Firestore, follower: string, target: string): Promise<number> {
  const entries = db
    .collection(COLLECTIONS.timelines)
    .doc(follower)
    .collection(TIMELINE_ENTRIES)
    .where('author', '==', target)
    .select();
  let removed = 0;
  for (;;) {
    const page = await entries.limit(500).get();
    if (page.empty) return removed;
    const batch = db.batch();
    for (const entry of page.docs) batch.delete(entry.ref);
    await batch.commit();
    removed += page.size;
  }
}

/**
 * Brings the follower's timeline to what `follows/{follower}_{target}` says NOW, so the same event
 * twice, an older event late, or a follow and its undo handled at once all end right. After the
 * work the edge is read again; if it changed meanwhile, the work runs again.
 */
export async function settleFollowTimeline(
  db: Firestore,
  follower: string,
  target: string,
): Promise<{ follows: boolean; pulled: boolean; entries: number }> {
  let follows = (await edgeRef(db, follower, target).get()).exists;
  for (let round = 0; round < ROUNDS; round += 1) {
    let pulled = false;
    let entries: number;
    if (follows) {
      pulled = await isPulledAuthor(db, target);
      if (pulled) await listPulled(db, follower, target);
      entries = pulled ? 0 : await backfill(db, follower, target);
    } else {
      await db
        .collection(COLLECTIONS.timelines)
        .doc(follower)
        .set({ pulled: FieldValue.arrayRemove(target) }, { merge: true });
      entries = await removeAuthor(db, follower, target);
    }
    const now = (await edgeRef(db, follower, target).get()).exists;
    if (now === follows) return { follows, pulled, entries };
    follows = now;
  }
  throw new Error(`follows/${follower}_${target} kept changing`);
}
