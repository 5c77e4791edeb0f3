import { Link } from 'react-router-dom';
import REMOTES from 'remote-list/remotes.json';
import { UNREAD_SHOWN_MAX } from './data/unreadLimits';

export interface BellLinkProps {
  /** Unread activity items; null while unknown (nothing is shown then). */
  count: number | null;
  onIntent?: () => void;
}

/** The top bar's bell: a link to /activity naming and showing the unread count. */
export function BellLink({ count, onIntent }: BellLinkProps) {
  const shown = count !== null && count > UNREAD_SHOWN_MAX ? `${UNREAD_SHOWN_MAX}+` : count;
  const label = count ? `Activity, ${shown} unread` : 'Activity';
  return (
    <Link
      to={REMOTES.activity.routes.activity.path}
      className="shell-topbar__bell"
      aria-label={label}
      title={label}
      onPointerEnter={onIntent}
      onFocus={onIntent}
    >
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"
        />
      </svg>
      {count ? (
        <span className="shell-topbar__badge" aria-hidden="true">
          {shown}
        </span>
      ) : null}
    </Link>
  );
}
