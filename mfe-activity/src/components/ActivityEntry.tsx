import { Link } from 'react-router-dom';
import { memberShown, useMember } from 'shared-firebase';
import type { ActivityItem, WithId } from 'shared-firebase';
import { Avatar, RelativeTime, useOnVisible } from 'shared-ui';
import { linkOf, whatHappened } from './describe';

export interface ActivityEntryProps {
  item: WithId<ActivityItem>;
  /** Shown as new: unread when this visit first showed it (it stays marked while the page is open). */
  isNew: boolean;
  /** Called when an unread item comes into view. */
  onSeen: (itemId: string) => void;
}

/** One thing that happened: who, what, when; the entry leads to the post or the follower. */
export function ActivityEntry({ item, isNew, onSeen }: ActivityEntryProps) {
  const { name, picture } = memberShown(useMember(item.actor), 'A former member');
  // Only unread items are watched, and only while fully in view ('0px'), so "seen" means seen.
  const watch = useOnVisible<HTMLAnchorElement>(() => onSeen(item.id), '0px');
  const date = item.createdAt?.toDate() ?? null;

  return (
    <Link
      ref={item.read ? undefined : watch}
      className={isNew ? 'ui-list__link activity-entry--new' : 'ui-list__link'}
      to={linkOf(item)}
    >
      <Avatar {...picture} alt="" size={40} />
      <span className="ui-list__text">
        <strong>{name}</strong> {whatHappened(item)}
        {isNew ? <span className="activity-entry__badge"> (new)</span> : null}
      </span>
      {date ? (
        <span className="activity-entry__time">
          {/* Inside the entry's link, which takes the focus already. */}
          <RelativeTime time={date} focusable={false} />
        </span>
      ) : null}
    </Link>
  );
}
