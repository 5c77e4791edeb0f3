import { ABOUT_MAX_LENGTH } from 'shared-firebase/session';

/**
 * The messages only the profile screens show, kept word for word (the ones several teams show are
 * shared-firebase's `MESSAGES`).
 */
export const PROFILE_MESSAGES = {
  noFileSelected: 'No file has been selected',
  usernameEmpty: "Username can't be EMPTY",
  profilePictureChanged: 'Profile picture has been changed successfully',
  profileCoverChanged: 'Profile cover picture has been changed successfully',
  usernameChanged: 'Username has been changed successfully',
  aboutChanged: 'user " ABOUT " has been changed successfully',
  aboutRemoved: 'removed successfully',
  dobChanged: 'Date of birth has been changed successfully',
  countryChanged: 'Country of birth has been changed successfully',

  aboutTooLong: `About can't be longer than ${ABOUT_MAX_LENGTH} characters`,
  dobNotARealDate: 'Please enter a real date of birth',
  dobInTheFuture: "The date of birth can't be in the future",
  chooseCountry: 'Please choose a country',
  saveFailed: 'Your change could not be saved. Please try again.',

  // Deleting the account.
  deletionRequestFailed: 'Deleting your account could not be started. Please try again.',
  deletionFinished: 'Your account has been deleted. Signing you out…',
  deletionRunning:
    'Your account is being deleted. You can close this page: the deletion finishes without it.',

  // A change while the connection is gone or slow: what waits, and that it is kept.
  followWaitingForConnection:
    'No connection: this follow change is sent as soon as you are back online.',
  profileChangeWaiting:
    'Your change is waiting to be sent: it is saved as soon as the connection returns.',
} as const;
