// The profile's counts (docs/DATA_MODEL.md "Counts"): a member's followers and following, the
// lengths of `Followers/{uid}` and `Following/{uid}` (their edges beyond the lists' bound), recounted by shared-firebase's syncCounts into
// `usersData/{uid}.counts`. Plain functions of a Firestore, so that tests call them against
// either emulator.
import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS, countedDocument, syncCounts, type SyncOutcome } from 'shared-firebase/server';

/** Which list a count follows: the document's collection and its one list field. */
const LISTS = {
  followers: { collection: COLLECTIONS.followers, field: 'Followers', edgeField: 'target' },
  following: { collection: COLLECTIONS.following, field: 'Following', edgeField: 'follower' },
} as const;

export type FollowCount = keyof typeof LISTS;

/**
 * `usersData/{uid}.counts.<which>` = the length of the member's list, read now; once the list
 * says it is no longer complete (`complete: false`, at its bound), an index count of the member's
 * follow edges instead (the source of truth beyond the bound), never less than the list.
 */
export function syncFollowCount(
  db: Firestore,
  uid: string,
  which: FollowCount,
): Promise<SyncOutcome> {
  const { collection, field, edgeField } = LISTS[which];
  const list = db.collection(collection).doc(uid);
  return syncCounts(
    countedDocument(db.collection(COLLECTIONS.usersData).doc(uid), async () => {
      const stored = await list.get();
      const uids: unknown = stored.get(field);
      const listed = Array.isArray(uids) ? uids.length : 0;
      if (stored.get('complete') !== false) return { [`counts.${which}`]: listed };
      // Never below the list: a database still being migrated has fewer edges than listed.
      const edges = db.collection(COLLECTIONS.follows).where(edgeField, '==', uid);
      const counted = (await edges.count().get()).data().count;
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
