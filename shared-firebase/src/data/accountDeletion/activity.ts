import { collection, collectionGroup, where, query } from 'firebase/firestore';
import type { FirestoreError } from 'firebase/firestore';
import { MAX_BATCH_WRITES } from '../../constants';
import { getDb } from '../../db';
import { deleteAllMatching } from './pages';

/*
 * The member's activity (the activity data contract, docs/DATA_MODEL.md "Activity"): their inbox
 * `activity/{me}/items/*`, and the items they made in other members' inboxes, found through the
 * collection group `items` where `actor == me`. The rules let the recipient and the actor delete
 * an item, and read nothing that needs a document read, so a batch holds MAX_BATCH_WRITES.
 */

export const ACTIVITY_COLLECTION = 'activity';
export const ACTIVITY_ITEMS = 'items';

function isPermissionDenied(error: unknown): boolean {
  return (error as Partial<FirestoreError> | null)?.code === 'permission-denied';
}

/**
 * Deletes both kinds of items. Until the activity feature's rules are deployed beside these (they
 * come with its own change), Firestore refuses to list its collections at all; then there is no
 * item either, since the same rules are what let items be written, and the step has nothing to do.
 */
export async function deleteActivityOf(uid: string): Promise<void> {
  const db = getDb();
  try {
    await deleteAllMatching(
      query(collectionGroup(db, ACTIVITY_ITEMS), where('actor', '==', uid)),
      MAX_BATCH_WRITES,
    );
    await deleteAllMatching(
      query(collection(db, ACTIVITY_COLLECTION, uid, ACTIVITY_ITEMS)),
      MAX_BATCH_WRITES,
    );
  } catch (error) {
    if (!isPermissionDenied(error)) throw error;
    console.warn('Activity items not deleted: their rules are not deployed', error);
  }
}
