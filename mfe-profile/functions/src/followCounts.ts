// The profile's counts (docs/DATA_MODEL.md "Counts"): a member's followers and following, the
// lengths of `Followers/{uid}` and `Following/{uid}`, recounted by shared-firebase's syncCounts into
// `usersData/{uid}.counts`. Plain functions of a Firestore, so that tests call them against
// either emulator.
import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS, countedDocument, syncCounts, type SyncOutcome } from 'shared-firebase/server';

/** Which list a count follows: the document's collection and its one list field. */
const LISTS = {
  followers: { collection: COLLECTIONS.followers, field: 'Followers' },
  following: { collection: COLLECTIONS.following, field: 'Following' },
} as const;

export type FollowCount = keyof typeof LISTS;

/** `usersData/{uid}.counts.<which>` = the length of the member's list, read now. */
export function syncFollowCount(
  db: Firestore,
  uid: string,
  which: FollowCount,
): Promise<SyncOutcome> {
  const { collection, field } = LISTS[which];
  const list = db.collection(collection).doc(uid);
  return syncCounts(
    countedDocument(db.collection(COLLECTIONS.usersData).doc(uid), async () => {
      const uids: unknown = (await list.get()).get(field);
      return { [`counts.${which}`]: Array.isArray(uids) ? uids.length : 0 };
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
