// The profile's counts (docs/DATA_MODEL.md "Counts"): a member's followers and following, the
// lengths of `Followers/{uid}` and `Following/{uid}` (beyond the lists' bound, the edges counted
// in follows/edgeCounts.ts), recounted by shared-firebase's syncCounts into
// `usersData/{uid}.counts`. Plain functions of a Firestore, so that tests call them against
// either emulator.
import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS, countedDocument, syncCounts, type SyncOutcome } from 'shared-firebase/server';
import { countedFollows, type FollowCount } from './follows/edgeCounts';

export type { FollowCount };

/** Which list a count follows: the document's collection and its one list field. */
const LISTS: Record<FollowCount, { collection: string; field: string }> = {
  followers: { collection: COLLECTIONS.followers, field: 'Followers' },
  following: { collection: COLLECTIONS.following, field: 'Following' },
};

/**
 * `usersData/{uid}.counts.<which>` = the length of the member's list, read now; once the list
 * says it is no longer complete (`complete: false`, at its bound), the member's counted edges
 * instead (the sum of their count shards), never less than the list.
 */
export function syncFollowCount(
  db: Firestore,
  uid: string,
  which: FollowCount,
): Promise<SyncOutcome> {
  const { collection, field } = LISTS[which];
  const list = db.collection(collection).doc(uid);
  return syncCounts(
    countedDocument(db.collection(COLLECTIONS.usersData).doc(uid), async () => {
      const stored = await list.get();
      const uids: unknown = stored.get(field);
      const listed = Array.isArray(uids) ? uids.length : 0;
      if (stored.get('complete') !== false) return { [`counts.${which}`]: listed };
      // Never below the list: while a database's edges are still being migrated or counted,
      // fewer are counted than listed.
      const counted = await countedFollows(db, uid, which);
      return { [`counts.${which}`]: Math.max(listed, counted) };
    }),
  );
}

/** Whether a write of a list document changed the list (a write that did not needs no count). */
export function listChanged(
  which: FollowCount,
  before: DocumentSnapshot | undefined,
  after: DocumentSnapshot | undefined,
): boolean {
  const { field } = LISTS[which];
  const was: unknown = before?.exists ? before.get(field) : undefined;
  const is: unknown = after?.exists ? after.get(field) : undefined;
  return JSON.stringify(was) !== JSON.stringify(is);
}
