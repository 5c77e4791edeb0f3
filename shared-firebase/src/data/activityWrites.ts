import { serverTimestamp } from 'firebase/firestore';
import type { WriteBatch } from 'firebase/firestore';
import { activityItemRef } from '../refs';
import { activityItemFields } from './activityItems';
import type { ActivityNotice } from './activityItems';

/*
 * Activity items (docs/DATA_MODEL.md "Activity") are written by the acting client in the same
 * batch as the action (a like, a comment, a follow), and firestore.rules accept an item only when
 * that same write really is the action it describes. The teams whose actions tell someone add the
 * item through these two calls, so every item has the one shape the rules check.
 */

/**
 * Adds the notice's item to `batch`, unless the actor is the recipient (nobody is told about their
 * own actions). Returns whether it added one.
 */
export function addActivityItem(batch: WriteBatch, notice: ActivityNotice): boolean {
  const item = activityItemFields(notice, serverTimestamp() as never);
  if (!item) return false;
  batch.set(activityItemRef(notice.recipient, notice.itemId), item);
  return true;
}

/** Removes an item in `batch` (unlike, unfollow); nothing for one's own post or profile. */
export function removeActivityItem(
  batch: WriteBatch,
  recipient: string,
  actor: string,
  itemId: string,
): void {
  if (recipient !== actor) batch.delete(activityItemRef(recipient, itemId));
}
