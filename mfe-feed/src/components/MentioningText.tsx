import { UserText } from 'shared-ui';
import { useMentionedMembers } from '../data';

export interface MentioningTextProps {
  text: string;
  /** The text's stored `mentions` (uids); absent on text that mentions nobody. */
  mentions?: readonly string[];
}

/** A caption, comment or reply whose mentioned members' `@name` leads to their profiles. */
export function MentioningText({ text, mentions }: MentioningTextProps) {
  return <UserText text={text} mentions={useMentionedMembers(mentions)} />;
}
