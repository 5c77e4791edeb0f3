// The follow fan-out's guarded writes: shared-firebase's (an `updateTime` precondition), and a
// create that works over REST.
import type { DocumentData, DocumentReference } from 'firebase-admin/firestore';

export { committedIfUnchanged, GUARDED_ATTEMPTS } from 'shared-firebase/server';

/**
 * Creates the document unless it exists, and rejects when it does. Not `ref.create()`: over REST
 * (how functions reach Firestore here) the SDK reads the refusal's HTTP 409 as ABORTED and retries
 * the commit until its deadline, minutes later; a transaction sees the document instead, and one
 * that appears before its commit makes the transaction run again and see it.
 */
export async function createIfAbsent(ref: DocumentReference, data: DocumentData): Promise<void> {
  const created = await ref.firestore.runTransaction(async (transaction) => {
    if ((await transaction.get(ref)).exists) return false;
    transaction.create(ref, data);
    return true;
  });
  if (!created) throw new Error(`${ref.path} exists already`);
}
