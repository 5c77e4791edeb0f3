import { Link } from 'react-router-dom';
import { useMember } from 'shared-firebase';
import type { ActivityItem, WithId } from 'shared-firebase';
import { Avatar, useOnVisible } from 'shared-ui';
import { linkOf, whatHappened } from './describe';

export interface ActivityEntryProps {
  item: WithId<ActivityItem>;
  /** Shown as new: unread when this visit first showed it (it stays marked while the page is open). */
  isNew: boolean;
  /** Called when an unread item comes into view. */
  onSeen: (itemId: string) => void;
}

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** One thing that happened: who, what, when; the entry leads to the post or the follower. */
export function ActivityEntry({ item, isNew, onSeen }: ActivityEntryProps) {
  const actor = useMember(item.actor);
  const name =
    actor.status === 'ready'
      ? actor.data.userInfo.userName
      : actor.status === 'loading'
        ? '…'
        : 'A former member';
  const picture = actor.status === 'ready' ? actor.data.profilePictures.profilePicture : null;
  // Only unread items are watched, and only while fully in view ('0px'), so "seen" means seen.
  const watch = useOnVisible<HTMLAnchorElement>(() => onSeen(item.id), '0px');
  const date = item.createdAt?.toDate() ?? null;

  return (
    <Link
      ref={item.read ? undefined : watch}
      className={isNew ? 'activity-entry activity-entry--new' : 'activity-entry'}
      to={linkOf(item)}
    >
      <Avatar src={picture} alt="" size={40} />
      <span className="activity-entry__text">
        <strong>{name}</strong> {whatHappened(item.type)}
        {isNew ? <span className="activity-entry__badge"> (new)</span> : null}
      </span>
      {date ? (
        <time className="activity-entry__time" dateTime={date.toISOString()}>
          {when.format(date)}
        </time>
      ) : null}
    </Link>
  );
}
