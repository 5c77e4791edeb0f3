// The triggers of the feed's counts (postCounts.ts): at-least-once, retried on failure, and
// idempotent because every run recounts from the source of truth.
import { getFirestore } from 'firebase-admin/firestore';
import { onDocumentCreated, onDocumentWritten } from 'firebase-functions/v2/firestore';
import { copyPostCard } from './cards/trigger';
import { onCommentChange, onPostChange, syncMemberPostCount } from './postCounts';

/**
 * A post created, liked, unliked or deleted: its counts, its author's post count, its tombstone;
 * and any write of it, its card.
 */
export const countPostWrites = onDocumentWritten(
  { document: 'posts/{postId}', retry: true },
  async (event) => {
    const db = getFirestore();
    await onPostChange(db, {
      postId: event.params.postId,
      before: event.data?.before,
      after: event.data?.after,
    });
    // The post's card (docs/DATA_MODEL.md "Post cards") follows the same write.
    await copyPostCard(
      db,
      event.params.postId,
      event.data?.before.data(),
      event.data?.after.data(),
    );
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
