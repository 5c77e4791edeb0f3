import { Link } from 'react-router-dom';
import { Avatar } from 'shared-ui';

export interface MemberEntryProps {
  uid: string;
  name: string;
  picture: string | null;
}

/** A member's picture and name, linking to their profile; the name alone names the link. */
export function MemberEntry({ uid, name, picture }: MemberEntryProps) {
  return (
    <Link className="members-list__link" to={`/profile/${encodeURIComponent(uid)}`}>
      <Avatar src={picture} alt="" size={48} />
      <span className="members-list__name">{name}</span>
    </Link>
  );
}
