// Writes made only if the document is still the version read (an `updateTime` precondition), the
// same guard as shared-firebase's syncCounts: our emulator takes no locks for server SDK
// transactions, and the precondition serializes writers on both emulators and in production.
import type { DocumentData, DocumentReference, DocumentSnapshot } from 'firebase-admin/firestore';

/** Whether the document is no longer the version `read`: gone, or written since. */
export async function movedOn(ref: DocumentReference, read: DocumentSnapshot): Promise<boolean> {
  const now = await ref.get();
  if (now.exists !== read.exists) return true;
  if (!now.exists) return false;
  return !read.updateTime || !now.updateTime || !read.updateTime.isEqual(now.updateTime);
}

/**
 * Runs `commit` (which writes with a precondition on `read`); false when the document moved on
 * meanwhile (the caller reads again), the error when it failed for another reason. The refusal's
 * code depends on the transport, so the document is asked rather than the error.
 */
export async function committedIfUnchanged(
  ref: DocumentReference,
  read: DocumentSnapshot,
  commit: () => Promise<unknown>,
): Promise<boolean> {
  try {
    await commit();
    return true;
  } catch (error) {
    if (await movedOn(ref, read)) return false;
    throw error;
  }
}

/** How often a guarded step runs before the function gives up (its event is then retried). */
export const GUARDED_ATTEMPTS = 20;

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
