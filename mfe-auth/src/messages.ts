import { PASSWORD_MIN_LENGTH } from './constants';

/**
 * The messages only the sign-in, sign-up and password-reset screens show, kept word for word (the
 * ones several teams show are shared-firebase's `MESSAGES`).
 */
export const AUTH_MESSAGES = {
  incorrectEmail: 'Incorrect Email',
  userAlreadyExists: 'User already exists',
  /** `auth/invalid-credential`: a project with e-mail enumeration protection cannot say which. */
  incorrectCredentials: 'Incorrect Email or Password',
  /** On /login after the profile's account deletion finished and signed the member out. */
  accountDeleted: 'Your account and everything in it have been deleted.',
  accountDocumentsFailed: 'Your account was created, but your profile could not be saved.',

  // Password reset: the same answer whether or not the address has an account.
  resetLinkSent:
    'If an account exists for this e-mail address, we have sent it a link to reset the password.',
  invalidEmail: 'Please enter a valid e-mail address',
  resetRequestFailed: 'The e-mail could not be sent. Please try again.',
  resetLinkInvalid: 'This password reset link has expired or has already been used.',
  passwordTooWeak: `Please choose a password of at least ${PASSWORD_MIN_LENGTH} characters`,
  passwordChanged: 'Your password has been changed. You can now sign in with it.',
  passwordChangeFailed: 'Your password could not be changed. Please try again.',
} as const;
