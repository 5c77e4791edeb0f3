import { Link } from 'react-router-dom';
import { memberShown, useMember } from 'shared-firebase';
import { MemberLabel } from 'shared-ui';
import { FollowButton } from './FollowButton';

export interface MemberRowProps {
  uid: string;
  /** The viewer: no Follow toggle on their own row. */
  me: string;
}

/** One member of a followers or following list: picture and name linking to their profile. */
export function MemberRow({ uid, me }: MemberRowProps) {
  const member = useMember(uid);
  // A member whose profile is gone (an account deleted meanwhile) is left out.
  if (member.status === 'missing') return null;
  const { name, picture } = memberShown(member, 'Unknown member');
  return (
    <li className="profile-member-row">
      <Link className="ui-member-link" to={`/profile/${encodeURIComponent(uid)}`}>
        <MemberLabel name={name} picture={picture} />
      </Link>
      {uid === me || member.status !== 'ready' ? null : (
        <FollowButton me={me} target={uid} targetName={name} />
      )}
    </li>
  );
}
