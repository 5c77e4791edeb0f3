import { Link } from 'react-router-dom';
import { profilePictureSources } from 'shared-firebase';
import type { UserData } from 'shared-firebase';
import { Avatar } from 'shared-ui';

export interface MemberEntryProps {
  uid: string;
  name: string;
  picture: UserData['profilePictures'] | null;
}

/** A member's picture and name, linking to their profile; the name alone names the link. */
export function MemberEntry({ uid, name, picture }: MemberEntryProps) {
  return (
    <Link className="members-list__link" to={`/profile/${encodeURIComponent(uid)}`}>
      <Avatar {...profilePictureSources(picture)} alt="" size={48} />
      <span className="members-list__name">{name}</span>
    </Link>
  );
}
