import { Link } from 'react-router-dom';
import { profilePictureSources } from 'shared-firebase';
import type { UserData } from 'shared-firebase';
import { MemberLabel } from 'shared-ui';

export interface MemberEntryProps {
  uid: string;
  name: string;
  picture: UserData['profilePictures'] | null;
}

/** A member's picture and name, linking to their profile; the name alone names the link. */
export function MemberEntry({ uid, name, picture }: MemberEntryProps) {
  return (
    <Link className="ui-list__link" to={`/profile/${encodeURIComponent(uid)}`}>
      <MemberLabel name={name} picture={profilePictureSources(picture)} avatarSize={48} />
    </Link>
  );
}
