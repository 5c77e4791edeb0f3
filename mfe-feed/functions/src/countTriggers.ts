// The triggers of the feed's counts (postCounts.ts): at-least-once, retried on failure, and
// idempotent because every run recounts from the source of truth.
import { getFirestore } from 'firebase-admin/firestore';
import { onDocumentCreated, onDocumentWritten } from 'firebase-functions/v2/firestore';
import { onCommentChange, onPostChange, syncMemberPostCount } from './postCounts';

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

/**
 * A member signs up: their post count starts at zero, so a member who never posts has it too
 * (only creates fire this, not the counts' own writes to usersData).
 */
export const countNewMemberPosts = onDocumentCreated(
  { document: 'usersData/{uid}', retry: true },
  async (event) => {
    await syncMemberPostCount(getFirestore(), event.params.uid);
  },
);
