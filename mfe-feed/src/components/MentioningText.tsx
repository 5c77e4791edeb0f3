// Only the tag page's path is read, so only it stays in the bundle.
import REMOTES from 'remote-list/remotes.json';
import { UserText } from 'shared-ui';
import { useMentionedMembers } from '../data';

export interface MentioningTextProps {
  text: string;
  /** The text's stored `mentions` (uids); absent on text that mentions nobody. */
  mentions?: readonly string[];
}

/**
 * A caption, comment or reply: its mentioned members' `@name` leads to their profiles, its tags to
 * their tag pages.
 */
export function MentioningText({ text, mentions }: MentioningTextProps) {
  return (
    <UserText
      text={text}
      tagRoute={REMOTES.explore.routes.tag.path}
      mentions={useMentionedMembers(mentions)}
    />
  );
}
