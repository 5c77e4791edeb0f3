// What the rules cannot check about a name (docs/DATA_MODEL.md "Unique names"): rules cannot
// normalise text, so they take a member's `nameKey` on trust. A forged key (a claim on some other
// name, leaving one's own look-alike name unclaimed) is found here after the write: the member is
// flagged (`nameReviews/{uid}`, which their profile shows as a request to choose a new name) and
// the claim the key names, a name they do not have, is released. Plain functions of a Firestore,
// so that tests call them against either emulator.
import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS, userNameClaimId } from 'shared-firebase/server';

/** What a write of `usersData/{uid}` asks of the check. */
export type NameCheck =
  | { action: 'none' }
  | { action: 'flag'; userName: string; forgedKey: string }
  | { action: 'clear' }
  | { action: 'release-all' };

/** Decides from the document before and after a write; reads nothing. */
export function planNameCheck(
  before: DocumentSnapshot | undefined,
  after: DocumentSnapshot | undefined,
): NameCheck {
  if (!after?.exists) return before?.exists ? { action: 'release-all' } : { action: 'none' };
  const userName: unknown = after.get('userInfo.userName');
  const nameKey: unknown = after.get('nameKey');
  const unchanged =
    before?.exists &&
    before.get('userInfo.userName') === userName &&
    before.get('nameKey') === nameKey;
  if (unchanged || typeof userName !== 'string' || typeof nameKey !== 'string') {
    return { action: 'none' };
  }
  return nameKey === userNameClaimId(userName)
    ? { action: 'clear' }
    : { action: 'flag', userName, forgedKey: nameKey };
}

/** Carries out a plan for member `uid`. Idempotent: a retried event does the same again. */
export async function applyNameCheck(db: Firestore, uid: string, plan: NameCheck): Promise<void> {
  const review = db.collection(COLLECTIONS.nameReviews).doc(uid);
  const claims = db.collection(COLLECTIONS.userNames);
  switch (plan.action) {
    case 'none':
      return;
    case 'clear':
      await review.delete();
      return;
    case 'flag': {
      await db.runTransaction(async (transaction) => {
        const forged = await transaction.get(claims.doc(plan.forgedKey));
        if (forged.exists && forged.get('uid') === uid) transaction.delete(forged.ref);
        transaction.set(review, { reason: 'key-mismatch', userName: plan.userName });
      });
      return;
    }
    case 'release-all': {
      // A deleted account's claims (the deletion job removes usersData last): its names are free.
      const held = await claims.where('uid', '==', uid).select().get();
      const batch = db.batch();
      for (const claim of held.docs) batch.delete(claim.ref);
      batch.delete(review);
      await batch.commit();
    }
  }
}
