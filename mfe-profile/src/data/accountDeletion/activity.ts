import { collection, collectionGroup, query, where } from 'firebase/firestore';
import { ACTIVITY_ITEMS, COLLECTIONS, getDb, MAX_BATCH_WRITES } from 'shared-firebase';
import { deleteAllMatching } from './pages';

/*
 * The member's activity (docs/DATA_MODEL.md "Activity"): their inbox `activity/{me}/items/*`, and
 * the items they made in other members' inboxes, found through the collection group `items` where
 * `actor == me`. The rules let the recipient and the actor delete an item, and read nothing that
 * needs a document read, so a batch holds MAX_BATCH_WRITES.
 */

/** Deletes both kinds of items. */
export async function deleteActivityOf(uid: string): Promise<void> {
  await deleteAllMatching(
    query(collectionGroup(getDb(), ACTIVITY_ITEMS), where('actor', '==', uid)),
    MAX_BATCH_WRITES,
  );
  await deleteAllMatching(
    query(collection(getDb(), COLLECTIONS.activity, uid, ACTIVITY_ITEMS)),
    MAX_BATCH_WRITES,
  );
}
