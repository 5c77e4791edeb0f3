// What a failed sign-in or sign-up tells the member. No Firebase code: the forms use it before the
// calls' code has loaded.
import { authErrorCode, MESSAGES } from 'shared-firebase/session';
import { AUTH_MESSAGES } from '../messages';

/** The product's message for a failed sign-in; null means "no message, only the red state". */
export function signInErrorMessage(error: unknown): string | null {
  switch (authErrorCode(error)) {
    case 'auth/wrong-password':
      return MESSAGES.incorrectPassword;
    case 'auth/user-not-found':
      return AUTH_MESSAGES.incorrectEmail;
    case 'auth/invalid-credential':
      return AUTH_MESSAGES.incorrectCredentials;
    default:
      return null;
  }
}

/** The product's message for a failed sign-up; null means "no message, only the red state". */
export function signUpErrorMessage(error: unknown): string | null {
  if (error instanceof UserNameTakenError) return MESSAGES.usernameTaken;
  return authErrorCode(error) === 'auth/email-already-in-use'
    ? AUTH_MESSAGES.userAlreadyExists
    : null;
}

/** Another member holds the chosen name (its claim exists): nothing was created. */
export class UserNameTakenError extends Error {
  constructor(readonly userName: string) {
    super(`The name ${JSON.stringify(userName)} is taken.`);
    this.name = 'UserNameTakenError';
  }
}

/**
 * The account exists in Auth but its documents could not be written. Sign-up offers a retry with
 * `completeSignUp(uid, userName)`; sign-in signs the member out again before throwing this.
 */
export class AccountDocumentsError extends Error {
  constructor(
    readonly uid: string,
    readonly userName: string,
    readonly reason: unknown,
  ) {
    super(`The documents of account ${uid} could not be written.`);
    this.name = 'AccountDocumentsError';
  }
}
