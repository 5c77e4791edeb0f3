import { useUnreadActivityCount } from 'shared-firebase';
import { BellLink } from './BellLink';
import type { BellLinkProps } from './BellLink';

/**
 * The bell with the member's live unread count, read by the shell itself through shared-firebase:
 * the activity remote's code loads only when /activity is visited.
 */
export default function ActivityBell({
  uid,
  onIntent,
}: { uid: string } & Omit<BellLinkProps, 'count'>) {
  const count = useUnreadActivityCount(uid);
  return <BellLink count={count} onIntent={onIntent} />;
}
