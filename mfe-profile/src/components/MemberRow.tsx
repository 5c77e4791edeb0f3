import { Link } from 'react-router-dom';
import { isMemberHidden, memberShown, useMember } from 'shared-firebase';
import type { HiddenMembers } from 'shared-firebase';
import { MemberLabel } from 'shared-ui';
import { FollowButton } from './FollowButton';

export interface MemberRowProps {
  uid: string;
  /** The viewer: no Follow toggle on their own row. */
  me: string;
  /** Whom the viewer does not see (useHiddenMembers). */
  hidden: HiddenMembers;
}

/** One member of a followers or following list: picture and name linking to their profile. */
export function MemberRow({ uid, me, hidden }: MemberRowProps) {
  const member = useMember(uid);
  // A member whose profile is gone (an account deleted meanwhile) is left out, and so is one the
  // viewer does not see (blocked either way, or suspended).
  if (member.status === 'missing') return null;
  if (isMemberHidden(hidden, uid, member.status === 'ready' ? member.data : null)) return null;
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
