import { useCallback, useState } from 'react';
import {
  isHiddenInFeed,
  useHiddenMembers,
  useSignedInUid,
  useWithoutHidden,
} from 'shared-firebase';
import type { ActivityItem, WithId } from 'shared-firebase';
import { InfiniteList } from 'shared-ui';
import { useActivity } from '../data';
import { ActivityEntry } from '../components/ActivityEntry';
import { useMarkSeenRead } from '../components/useMarkSeenRead';

const TEXT = {
  loading: 'Loading activity…',
  failed: 'Activity could not be loaded.',
  loadingMore: 'Loading more activity…',
  moreFailed: 'More activity could not be loaded.',
  empty: 'Nothing yet. Likes, comments, replies and new followers show up here.',
};

/**
 * What others did to the member's posts, comments and profile, newest first, live, read page by
 * page as the list scrolls. An unread item is marked read once it has been on screen.
 */
export function ActivityPage() {
  const uid = useSignedInUid();
  const hidden = useHiddenMembers();
  const hiddenActor = useCallback(
    (item: WithId<ActivityItem>) => isHiddenInFeed(hidden, item.actor),
    [hidden],
  );
  // Nothing by a member blocked either way, or muted: the items stay, unseen. Until the viewer's
  // blocks and mutes are known the list is loading, so none of theirs shows for a moment.
  const activity = useWithoutHidden(useActivity(uid), hiddenActor, hidden.loaded);
  const markSeen = useMarkSeenRead(uid);
  // Items that were unread when this visit showed them keep their "new" look until it ends.
  const [shownAsNew, setShownAsNew] = useState<ReadonlySet<string>>(new Set());
  const unreadNow = activity.items.filter((item) => !item.read && !shownAsNew.has(item.id));
  if (unreadNow.length > 0) {
    setShownAsNew(new Set([...shownAsNew, ...unreadNow.map((item) => item.id)]));
  }

  return (
    <section className="ui-page" aria-labelledby="activity-heading">
      <h1 id="activity-heading">Activity</h1>
      <InfiniteList
        list={activity}
        text={TEXT}
        label="Activity"
        className="ui-list ui-card"
        itemClassName="ui-list__entry"
      >
        {(item) => <ActivityEntry item={item} isNew={shownAsNew.has(item.id)} onSeen={markSeen} />}
      </InfiniteList>
    </section>
  );
}
