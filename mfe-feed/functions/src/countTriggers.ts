// The triggers of the feed's counts (postCounts.ts): at-least-once, retried on failure, and
// idempotent because every run recounts from the source of truth.
import { getFirestore } from 'firebase-admin/firestore';
import { onDocumentWritten } from 'firebase-functions/v2/firestore';
import { onCommentChange, onPostChange } from './postCounts';

/** A post created, liked, unliked or deleted: its counts, its author's post count, its tombstone. */
export const countPostWrites = onDocumentWritten(
  { document: 'posts/{postId}', retry: true },
  async (event) => {
    await onPostChange(getFirestore(), {
      postId: event.params.postId,
      before: event.data?.before,
      after: event.data?.after,
    });
  },
);

/** A comment created or deleted: its post's comment count. */
export const countCommentWrites = onDocumentWritten(
  { document: 'comments/{commentId}', retry: true },
  async (event) => {
    await onCommentChange(getFirestore(), event.data?.before, event.data?.after);
  },
);
