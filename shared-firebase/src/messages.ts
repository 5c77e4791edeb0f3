import { USERNAME_MAX_LENGTH } from './constants';
import type { UserNameCharacterProblem } from './userNames';

/**
 * The member-facing messages that several teams show, defined once and kept word for word (members
 * of the earlier app know them). A message only one team shows lives in that team's folder
 * (`mfe-<team>/src/messages.ts`).
 */
export const MESSAGES = {
  /** A form with a blank field: sign-in, sign-up, password reset, the edit screen. */
  fillAllFields: 'Please fill all input fields',
  /** A wrong password: sign-in, and confirming the password before deleting an account. */
  incorrectPassword: 'Incorrect Password',
  /** A user name over the contract's limit: sign-up and the edit screen. */
  usernameTooLong: `Username can't be longer than ${USERNAME_MAX_LENGTH} characters`,
  /** A name another member holds once case and letter width are ignored: sign-up, edit screen. */
  usernameTaken:
    'Another member already has this username (names that differ only in capitals or letter width count as the same). Please choose another.',
  /** A name with bidi controls (they make text show in another order): sign-up, edit screen. */
  usernameBidi:
    "Usernames can't contain characters that change the direction of text. Please remove them.",
  /** A name with zero-width or other invisible characters: sign-up, edit screen. */
  usernameInvisible:
    "Usernames can't contain invisible characters, such as zero-width spaces or joiners. Please remove them.",
  /** A letter with more combining marks than MAX_MARKS_PER_LETTER: sign-up, edit screen. */
  usernameMarks: "Usernames can't stack more than 3 accents or marks on one letter.",
  /** A list of posts with none in it: the feed, a profile, explore. */
  noPosts: 'No Posts',
  /** No route of any area matches the address. */
  pageNotFound: 'PAGE NOT FOUND',
  /** A chosen file the browser could not decode (the media pipeline's ImageUnreadableError). */
  imageUnreadable:
    'This file could not be opened as a picture. Please choose a JPEG, PNG, WebP or GIF photo.',
} as const;

/** What the sign-up and edit forms say about a name whose characters are refused. */
export function userNameCharacterMessage(problem: UserNameCharacterProblem): string {
  switch (problem) {
    case 'bidi':
      return MESSAGES.usernameBidi;
    case 'invisible':
      return MESSAGES.usernameInvisible;
    case 'marks':
      return MESSAGES.usernameMarks;
  }
}
