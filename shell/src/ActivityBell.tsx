import { BellLink } from './BellLink';
import { useUnreadActivityCount } from './data/unreadActivity';
import type { BellLinkProps } from './BellLink';

/**
 * The bell with the member's live unread count, read by the shell itself through the data contract:
 * the activity remote's code loads only when /activity is visited.
 */
export default function ActivityBell({
  uid,
  onIntent,
}: { uid: string } & Omit<BellLinkProps, 'count'>) {
  const count = useUnreadActivityCount(uid);
  return <BellLink count={count} onIntent={onIntent} />;
}
