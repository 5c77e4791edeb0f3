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
import type { ActivityItem, ActivityType } from '../model';
import { activityItemRef, activityItemsCollection } from '../refs';

/*
 * Activity items (docs/DATA_MODEL.md "Activity"). There is no backend function: the acting client
 * writes the item in the same batch as the action, and firestore.rules accept an item only when
 * that same write really is the action it describes. Ids are derived from the action, so an item
 * is written at most once and the undoing write (unlike, unfollow) can remove it.
 */

/** `like_{postId}_{actor}`: one per member and post. */
export const likeItemId = (postId: string, actor: string) => `like_${postId}_${actor}`;
/** `follow_{actor}`: one per follower. */
export const followItemId = (actor: string) => `follow_${actor}`;
/** `comment_{commentId}`. */
export const commentItemId = (commentId: string) => `comment_${commentId}`;
/**
 * `reply_{commentId}_{position}_{actor}`: the seed's replies carry no id, so a reply is named by its
 * position in the thread when it was appended (the thread's length before it) and its writer.
 */
export const replyItemId = (commentId: string, position: number, actor: string) =>
  `reply_${commentId}_${position}_${actor}`;

/** What an action tells its recipient: the item as the rules require it at create. */
export interface ActivityNotice {
  recipient: string;
  itemId: string;
  type: ActivityType;
  actor: string;
  postId: string | null;
  commentId: string | null;
}

/**
 * Adds the notice's item to `batch`, unless the actor is the recipient (nobody is told about their
 * own actions). Returns whether it added one.
 */
export function addActivityItem(batch: WriteBatch, notice: ActivityNotice): boolean {
  if (notice.recipient === notice.actor) return false;
  batch.set(activityItemRef(notice.recipient, notice.itemId), {
    type: notice.type,
    actor: notice.actor,
    postId: notice.postId,
    commentId: notice.commentId,
    createdAt: serverTimestamp() as never,
    read: false,
  });
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
