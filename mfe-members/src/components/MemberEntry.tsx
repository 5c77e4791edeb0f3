import { useId } from 'react';
import { Link } from 'react-router-dom';
import { memberTag, profilePictureSources } from 'shared-firebase';
import type { MemberCard } from 'shared-firebase';
import { MemberLabel } from 'shared-ui';

export interface MemberEntryProps {
  uid: string;
  name: string;
  picture: MemberCard['profilePictures'] | null;
}

/**
 * A member's picture, name and member tag, linking to their profile. The name alone names the
 * link; the tag, which tells look-alike names apart (a Cyrillic "а" for a Latin "a"), describes it,
 * so a screen reader says it after the name.
 */
export function MemberEntry({ uid, name, picture }: MemberEntryProps) {
  const tagId = useId();
  return (
    <Link
      className="ui-list__link"
      to={`/profile/${encodeURIComponent(uid)}`}
      aria-describedby={tagId}
    >
      <MemberLabel name={name} picture={profilePictureSources(picture)} avatarSize={48} />
      <span id={tagId} className="members-entry__tag" aria-hidden="true">
        {memberTag(uid)}
      </span>
    </Link>
  );
}
