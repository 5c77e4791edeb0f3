import { Link } from 'react-router-dom';
import REMOTES from 'remote-list/remotes.json';
import { memberShown, useMember } from 'shared-firebase';
import { MemberLabel } from 'shared-ui';

/** A member's picture and name, leading to their profile. */
export function MemberLink({ uid, avatarSize = 32 }: { uid: string; avatarSize?: number }) {
  const shown = memberShown(useMember(uid), 'A former member');
  return (
    <Link
      className="ui-member-link"
      to={REMOTES.profile.routes.profile.path.replace(':userId', encodeURIComponent(uid))}
    >
      <MemberLabel name={shown.name} picture={shown.picture} avatarSize={avatarSize} />
    </Link>
  );
}
