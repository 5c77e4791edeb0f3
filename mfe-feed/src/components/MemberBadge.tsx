import { Link } from 'react-router-dom';
import { memberShown, useMember } from 'shared-firebase';
import type { LiveDocument, MemberCard } from 'shared-firebase';
import { MemberLabel } from 'shared-ui';

export interface MemberBadgeProps {
  uid: string;
  avatarSize?: number;
  /** The member as the caller already reads them (`useMember(uid)`), so it is not read twice. */
  member?: LiveDocument<MemberCard>;
}

/** A member's live picture and name, linking to their profile. */
export function MemberBadge({ uid, avatarSize = 40, member }: MemberBadgeProps) {
  const read = useMember(member ? null : uid);
  const { name, picture } = memberShown(member ?? read, 'Unknown member');
  return (
    <Link className="ui-member-link" to={`/profile/${encodeURIComponent(uid)}`}>
      <MemberLabel name={name} picture={picture} avatarSize={avatarSize} />
    </Link>
  );
}
