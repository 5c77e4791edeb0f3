import {
  limit,
  onSnapshot,
  orderBy,
  query,
  serverTimestamp,
  where,
  writeBatch,
} from 'firebase/firestore';
import type { Query, WriteBatch } from 'firebase/firestore';
import { useEffect, useMemo, useState } from 'react';
import { ACTIVITY_PAGE_SIZE, MAX_BATCH_WRITES, UNREAD_COUNT_LIMIT } from '../constants';
import { getDb } from '../db';
import { usePagedQuery } from '../hooks/usePagedQuery';
import type { PagedQuery } from '../hooks/usePagedQuery';
import type { ActivityItem } from '../model';
import { activityItemRef, activityItemsCollection } from '../refs';
import { activityItemFields } from './activityItems';
import type { ActivityNotice } from './activityItems';

/*
 * Activity items (docs/DATA_MODEL.md "Activity"). There is no backend function: the acting client
 * writes the item in the same batch as the action, and firestore.rules accept an item only when
 * that same write really is the action it describes. Their ids and fields: activityItems.ts.
 */

export { likeItemId, followItemId, commentItemId, replyItemId } from './activityItems';
export type { ActivityNotice } from './activityItems';

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

// ---- reading ----

/** The member's items, newest first. */
export function activityQuery(uid: string): Query<ActivityItem, ActivityItem> {
  return query(activityItemsCollection(uid), orderBy('createdAt', 'desc'));
}

/** The member's unread items, at most UNREAD_COUNT_LIMIT of them (the bell shows "99+" beyond). */
export function unreadActivityQuery(uid: string): Query<ActivityItem, ActivityItem> {
  return query(activityItemsCollection(uid), where('read', '==', false), limit(UNREAD_COUNT_LIMIT));
}

/** The member's live activity, newest first, in pages of ACTIVITY_PAGE_SIZE. */
export function useActivity(uid: string | null): PagedQuery<ActivityItem> {
  const base = useMemo(() => (uid ? activityQuery(uid) : null), [uid]);
  return usePagedQuery(base, ACTIVITY_PAGE_SIZE);
}

/**
 * How many of the member's items are unread, live (capped at UNREAD_COUNT_LIMIT); null until the
 * first answer, or when it cannot be read.
 */
export function useUnreadActivityCount(uid: string | null): number | null {
  const [count, setCount] = useState<number | null>(null);
  useEffect(() => {
    setCount(null);
    if (!uid) return undefined;
    return onSnapshot(
      unreadActivityQuery(uid),
      (snapshot) => setCount(snapshot.size),
      (error) => {
        console.error('Unread activity could not be read', error);
        setCount(null);
      },
    );
  }, [uid]);
  return count;
}

/** Marks the member's items read (only `read`, only to true: all the rules allow). */
export async function markActivityRead(uid: string, itemIds: readonly string[]): Promise<void> {
  for (let start = 0; start < itemIds.length; start += MAX_BATCH_WRITES) {
    const batch = writeBatch(getDb());
    for (const itemId of itemIds.slice(start, start + MAX_BATCH_WRITES)) {
      batch.update(activityItemRef(uid, itemId), { read: true });
    }
    await batch.commit();
  }
}
