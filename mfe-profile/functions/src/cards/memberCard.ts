// `memberCards/{uid}` (docs/DATA_MODEL.md "Member cards"): `usersData` as readers download it,
// without its lists, copied from the member's document as it is when this runs.
import type { Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS, memberCardFields, syncCard, type CardOutcome } from 'shared-firebase/server';

/** Brings the member's card to their `usersData` (deleted with it). */
export function syncMemberCard(db: Firestore, uid: string): Promise<CardOutcome> {
  return syncCard(
    db.collection(COLLECTIONS.usersData).doc(uid),
    db.collection(COLLECTIONS.memberCards).doc(uid),
    memberCardFields,
  );
}
