import { Avatar } from './Avatar';

export interface MemberLabelProps {
  name: string;
  /** The picture's sources (shared-firebase's `memberShown`); null shows the placeholder. */
  picture: { src: string; srcSet?: string } | null;
  avatarSize?: number;
}

/**
 * A member's picture, then their name: what a link to their profile shows (inside a
 * `ui-member-link` or a `ui-list__link`). The name names the link; the picture adds nothing, so
 * its alt text is empty.
 */
export function MemberLabel({ name, picture, avatarSize = 40 }: MemberLabelProps) {
  return (
    <>
      <Avatar {...picture} alt="" size={avatarSize} />
      <span className="ui-member__name">{name}</span>
    </>
  );
}
