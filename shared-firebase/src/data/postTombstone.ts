import { serverTimestamp } from 'firebase/firestore';
import type { WriteBatch } from 'firebase/firestore';
import { deletedPostRef } from '../refs';

/**
 * Adds the tombstone of a post to the batch that deletes it (docs/DATA_MODEL.md "deletedPosts"):
 * the rules delete a post only together with it, and create no post whose id has one, so a deleted
 * post's id is never used again. Every writer that deletes a member's post (the post's own delete,
 * an account deletion) calls this, so the tombstone has the one shape the rules check.
 */
export function addPostTombstone(batch: WriteBatch, postId: string, authorUid: string): void {
  batch.set(deletedPostRef(postId), { uid: authorUid, deletedAt: serverTimestamp() as never });
}
