import { orderBy, query, writeBatch } from 'firebase/firestore';
import type { Query } from 'firebase/firestore';
import { useMemo } from 'react';
import {
  activityItemRef,
  activityItemsCollection,
  getDb,
  MAX_BATCH_WRITES,
  usePagedQuery,
  useWithoutSuspended,
} from 'shared-firebase';
import type { ActivityItem, PagedQuery } from 'shared-firebase';

/** Activity items per page of /activity. */
export const ACTIVITY_PAGE_SIZE = 20;

/** The member's items, newest first. */
export function activityQuery(uid: string): Query<ActivityItem, ActivityItem> {
  return query(activityItemsCollection(uid), orderBy('createdAt', 'desc'));
}

/** The member's live activity, newest first, in pages of ACTIVITY_PAGE_SIZE. */
export function useActivity(uid: string | null): PagedQuery<ActivityItem> {
  const base = useMemo(() => (uid ? activityQuery(uid) : null), [uid]);
  return useWithoutSuspended(usePagedQuery(base, ACTIVITY_PAGE_SIZE));
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
