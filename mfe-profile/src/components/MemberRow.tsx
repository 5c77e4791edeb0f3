import { Link } from 'react-router-dom';
import { profilePictureSources, useMember } from 'shared-firebase';
import { Avatar } from 'shared-ui';
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
  const name =
    member.status === 'ready'
      ? member.data.userInfo.userName
      : member.status === 'loading'
        ? '…'
        : 'Unknown member';
  const picture =
    member.status === 'ready' ? profilePictureSources(member.data.profilePictures) : null;
  return (
    <li className="profile-member-row">
      <Link className="profile-member-row__link" to={`/profile/${encodeURIComponent(uid)}`}>
        {/* The name beside the picture names the link; the picture itself adds nothing. */}
        <Avatar {...picture} alt="" size={40} />
        <span>{name}</span>
      </Link>
      {uid === me || member.status !== 'ready' ? null : (
        <FollowButton me={me} target={uid} targetName={name} />
      )}
    </li>
  );
}
