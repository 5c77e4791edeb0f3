// The bell's count: the shell reads the member's unread activity itself, through the data
// contract, so the top bar needs no remote's code (docs/ARCHITECTURE.md).
import { limit, onSnapshot, query, where } from 'firebase/firestore';
import type { Query } from 'firebase/firestore';
import { useEffect, useState } from 'react';
import {
  activityItemsCollection,
  hiddenBySuspension,
  isHiddenInFeed,
  useHiddenMembers,
} from 'shared-firebase';
import type { ActivityItem } from 'shared-firebase';
import { UNREAD_COUNT_LIMIT } from './unreadLimits';

/** The member's unread items, at most UNREAD_COUNT_LIMIT of them (the bell shows "99+" beyond). */
export function unreadActivityQuery(uid: string): Query<ActivityItem, ActivityItem> {
  return query(activityItemsCollection(uid), where('read', '==', false), limit(UNREAD_COUNT_LIMIT));
}

/**
 * How many of the member's items are unread, live (capped at UNREAD_COUNT_LIMIT); null until the
 * first answer and the member's blocks and mutes are known, or when it cannot be read.
 */
export function useUnreadActivityCount(uid: string | null): number | null {
  const [actors, setActors] = useState<string[] | null>(null);
  const hidden = useHiddenMembers();
  useEffect(() => {
    setActors(null);
    if (!uid) return undefined;
    return onSnapshot(
      unreadActivityQuery(uid),
      // A suspended member's items are hidden from the list, so the bell does not count them.
      (snapshot) =>
        setActors(
          snapshot.docs
            .map((doc) => doc.data())
            .filter((item) => !hiddenBySuspension(item))
            .map((item) => item.actor),
        ),
      (error) => {
        console.error('Unread activity could not be read', error);
        setActors(null);
      },
    );
  }, [uid]);
  // Items by members blocked either way, or muted, do not count (the activity page hides them);
  // until those are known there is no count, rather than one that would drop a moment later.
  return actors === null || !hidden.loaded
    ? null
    : actors.filter((actor) => !isHiddenInFeed(hidden, actor)).length;
}
