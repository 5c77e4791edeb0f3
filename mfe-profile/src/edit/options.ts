import type { MemberCard } from 'shared-firebase';
import type { StatusTone } from 'shared-ui';

/** The six edit options of /edit-profile, in menu order. */
export const EDIT_OPTIONS = [
  { id: 'picture', label: 'Change profile picture' },
  { id: 'cover', label: 'Change cover picture' },
  { id: 'username', label: 'Change username' },
  { id: 'about', label: 'Change about' },
  { id: 'dob', label: 'Change date of birth' },
  { id: 'country', label: 'Change country of birth' },
] as const;

export type EditOptionId = (typeof EDIT_OPTIONS)[number]['id'];

export interface OptionProps {
  uid: string;
  /** The member's current profile (prefills the fields), null while it loads. */
  profile: MemberCard | null;
  notify: (text: string, tone: StatusTone) => void;
}
