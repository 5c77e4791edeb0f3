// A deleted post leaves no bookmark behind (docs/DATA_MODEL.md "Bookmarks"). A plain function of
// a Firestore, so that tests call it against either emulator.
import type { Firestore } from 'firebase-admin/firestore';
import { SAVED_POSTS } from 'shared-firebase/server';

/** Firestore's limit of writes in one batch. */
const MAX_BATCH_WRITES = 500;

/**
 * Deletes every member's bookmark of `postId`, a batch at a time, found by the collection-group
 * index on `saved.postId` (firestore.indexes.json). Idempotent: a redelivered event finds nothing
 * left. No new bookmark can appear meanwhile: the rules refuse to save a post that is gone.
 * Returns how many it deleted.
 */
export async function removeBookmarksOfPost(db: Firestore, postId: string): Promise<number> {
  const bookmarks = db.collectionGroup(SAVED_POSTS).where('postId', '==', postId).select();
  let removed = 0;
  for (;;) {
    const page = await bookmarks.limit(MAX_BATCH_WRITES).get();
    if (page.empty) return removed;
    const batch = db.batch();
    for (const bookmark of page.docs) batch.delete(bookmark.ref);
    await batch.commit();
    removed += page.size;
    if (page.size < MAX_BATCH_WRITES) return removed;
  }
}
