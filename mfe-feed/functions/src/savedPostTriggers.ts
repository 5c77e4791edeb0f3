// The trigger of the bookmarks' clean-up (savedPosts.ts): at-least-once, retried on failure, and
// idempotent because each run deletes whatever bookmarks of the post are left.
import { getFirestore } from 'firebase-admin/firestore';
import { onDocumentDeleted } from 'firebase-functions/v2/firestore';
import { removeBookmarksOfPost } from './savedPosts';

/** A post deleted (by its author, or with server credentials): every bookmark of it goes. */
export const removeDeletedPostBookmarks = onDocumentDeleted(
  { document: 'posts/{postId}', retry: true },
  async (event) => {
    await removeBookmarksOfPost(getFirestore(), event.params.postId);
  },
);
