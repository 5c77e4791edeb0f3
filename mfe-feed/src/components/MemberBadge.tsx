import { Link } from 'react-router-dom';
import { memberShown, useMember } from 'shared-firebase';
import { MemberLabel } from 'shared-ui';

export interface MemberBadgeProps {
  uid: string;
  avatarSize?: number;
}

/** A member's live picture and name, linking to their profile. */
export function MemberBadge({ uid, avatarSize = 40 }: MemberBadgeProps) {
  const { name, picture } = memberShown(useMember(uid), 'Unknown member');
  return (
    <Link className="ui-member-link" to={`/profile/${encodeURIComponent(uid)}`}>
      <MemberLabel name={name} picture={picture} avatarSize={avatarSize} />
    </Link>
  );
}
