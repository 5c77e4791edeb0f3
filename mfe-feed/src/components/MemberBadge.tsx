import { Link } from 'react-router-dom';
import { profilePictureSources, useMember } from 'shared-firebase';
import { Avatar } from 'shared-ui';

export interface MemberBadgeProps {
  uid: string;
  avatarSize?: number;
}

/** A member's live picture and name, linking to their profile. */
export function MemberBadge({ uid, avatarSize = 40 }: MemberBadgeProps) {
  const member = useMember(uid);
  const name =
    member.status === 'ready'
      ? member.data.userInfo.userName
      : member.status === 'loading'
        ? '…'
        : 'Unknown member';
  const picture =
    member.status === 'ready' ? profilePictureSources(member.data.profilePictures) : null;
  return (
    <Link className="feed-member" to={`/profile/${encodeURIComponent(uid)}`}>
      {/* The name beside the picture names the link; the picture itself adds nothing. */}
      <Avatar {...picture} alt="" size={avatarSize} />
      <span>{name}</span>
    </Link>
  );
}
