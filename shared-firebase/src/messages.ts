import { ABOUT_MAX_LENGTH, PASSWORD_MIN_LENGTH, USERNAME_MAX_LENGTH } from './constants';

/**
 * Every user-facing message, defined once: first those of SPEC.md sections 5 and 8 (word for
 * word), then the ones the project chose where SPEC is silent.
 */
export const MESSAGES = {
  fillAllFields: 'Please fill all input fields',
  incorrectPassword: 'Incorrect Password',
  incorrectEmail: 'Incorrect Email',
  userAlreadyExists: 'User already exists',
  emptyPost: "You can't make an EMPTY post",
  noFileSelected: 'No file has been selected',
  usernameEmpty: "Username can't be EMPTY",
  postCreated: 'Post has been made successfully',
  profilePictureChanged: 'Profile picture has been changed successfully',
  profileCoverChanged: 'Profile cover picture has been changed successfully',
  usernameChanged: 'Username has been changed successfully',
  aboutChanged: 'user " ABOUT " has been changed successfully',
  aboutRemoved: 'removed successfully',
  dobChanged: 'Date of birth has been changed successfully',
  countryChanged: 'Country of birth has been changed successfully',
  pageNotFound: 'PAGE NOT FOUND',
  noPosts: 'No Posts',

  /** `auth/invalid-credential`: a project with e-mail enumeration protection cannot say which. */
  incorrectCredentials: 'Incorrect Email or Password',
  usernameTooLong: `Username can't be longer than ${USERNAME_MAX_LENGTH} characters`,
  aboutTooLong: `About can't be longer than ${ABOUT_MAX_LENGTH} characters`,
  accountDocumentsFailed: 'Your account was created, but your profile could not be saved.',
  dobNotARealDate: 'Please enter a real date of birth',
  dobInTheFuture: "The date of birth can't be in the future",
  chooseCountry: 'Please choose a country',
  saveFailed: 'Your change could not be saved. Please try again.',

  // Password reset: the same answer whether or not the address has an account.
  resetLinkSent:
    'If an account exists for this e-mail address, we have sent it a link to reset the password.',
  invalidEmail: 'Please enter a valid e-mail address',
  resetRequestFailed: 'The e-mail could not be sent. Please try again.',
  resetLinkInvalid: 'This password reset link has expired or has already been used.',
  passwordTooWeak: `Please choose a password of at least ${PASSWORD_MIN_LENGTH} characters`,
  passwordChanged: 'Your password has been changed. You can now sign in with it.',
  passwordChangeFailed: 'Your password could not be changed. Please try again.',

  // Deleting the account.
  deletionStopped: 'Deleting your account stopped part-way. Enter your password to continue.',
  deletionInterrupted:
    'Deleting your account did not finish. Enter your password to finish deleting it.',
  imageUnreadable:
    'This file could not be opened as a picture. Please choose a JPEG, PNG, WebP or GIF photo.',

  // A new post while the connection is gone or slow (issue 17): what waits, and that it is kept.
  postWaitingForConnection:
    'Your post is waiting for a connection: it will be posted as soon as you are back online.',
  photoWaitingForConnection:
    'Your photo is ready and waiting for a connection: it will be uploaded and posted as soon as you are back online.',
  postFailed: 'The post could not be made. Please try again.',
  followWaitingForConnection:
    'No connection: this follow change starts as soon as you are back online.',
  deleteWaitingForConnection: 'No connection: the post is deleted as soon as you are back online.',
  profileChangeWaiting:
    'Your change is waiting to be sent: it is saved as soon as the connection returns.',
} as const;

export type MessageKey = keyof typeof MESSAGES;
