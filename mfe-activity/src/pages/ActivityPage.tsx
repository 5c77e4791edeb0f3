import { useState } from 'react';
import { useSignedInUid } from 'shared-firebase';
import { EmptyState, LoadFailure, Spinner, useOnVisible } from 'shared-ui';
import { useActivity } from '../data';
import { ActivityEntry } from '../components/ActivityEntry';
import { useMarkSeenRead } from '../components/useMarkSeenRead';

/**
 * What others did to the member's posts, comments and profile, newest first, live, read page by
 * page as the list scrolls. An unread item is marked read once it has been on screen.
 */
export function ActivityPage() {
  const uid = useSignedInUid();
  const activity = useActivity(uid);
  const markSeen = useMarkSeenRead(uid);
  // Items that were unread when this visit showed them keep their "new" look until it ends.
  const [shownAsNew, setShownAsNew] = useState<ReadonlySet<string>>(new Set());
  const unreadNow = activity.items.filter((item) => !item.read && !shownAsNew.has(item.id));
  if (unreadNow.length > 0) {
    setShownAsNew(new Set([...shownAsNew, ...unreadNow.map((item) => item.id)]));
  }
  const lastEntryRef = useOnVisible<HTMLLIElement>(activity.loadMore);

  return (
    <section className="ui-page" aria-labelledby="activity-heading">
      <h1 id="activity-heading">Activity</h1>
      {activity.status === 'loading' ? <Spinner label="Loading activity…" /> : null}
      {activity.status === 'error' ? (
        <LoadFailure message="Activity could not be loaded." onRetry={activity.retry} />
      ) : null}
      {activity.status === 'ready' && activity.items.length === 0 ? (
        <EmptyState>
          Nothing yet. Likes, comments, replies and new followers show up here.
        </EmptyState>
      ) : null}
      {activity.status === 'ready' && activity.items.length > 0 ? (
        <ul className="ui-list ui-card" aria-label="Activity">
          {activity.items.map((item, index) => (
            <li
              key={item.id}
              className="ui-list__entry"
              ref={
                activity.hasMore && index === activity.items.length - 1 ? lastEntryRef : undefined
              }
            >
              <ActivityEntry item={item} isNew={shownAsNew.has(item.id)} onSeen={markSeen} />
            </li>
          ))}
        </ul>
      ) : null}
      {activity.loadingMore ? <Spinner label="Loading more activity…" /> : null}
      {activity.loadMoreError ? (
        <LoadFailure message="More activity could not be loaded." onRetry={activity.retry} />
      ) : null}
    </section>
  );
}
