import { authErrorCode, MESSAGES } from 'shared-firebase/session';
import { AUTH_MESSAGES } from '../messages';
import { firebaseError } from '../testing/renderAt';
import { AccountDocumentsError, signInErrorMessage, signUpErrorMessage } from './authErrors';

describe('the messages of a failed sign-in or sign-up', () => {
  it.each([
    ['auth/wrong-password', MESSAGES.incorrectPassword],
    ['auth/user-not-found', AUTH_MESSAGES.incorrectEmail],
    ['auth/invalid-credential', AUTH_MESSAGES.incorrectCredentials],
    ['auth/email-already-in-use', null],
    ['auth/too-many-requests', null],
    ['auth/network-request-failed', null],
  ])('sign-in %s → %p', (code, message) => {
    expect(signInErrorMessage(firebaseError(code))).toBe(message);
  });

  it.each([
    ['auth/email-already-in-use', AUTH_MESSAGES.userAlreadyExists],
    ['auth/weak-password', null],
    ['auth/invalid-email', null],
    ['auth/wrong-password', null],
  ])('sign-up %s → %p', (code, message) => {
    expect(signUpErrorMessage(firebaseError(code))).toBe(message);
  });

  it('finds no auth code in other failures', () => {
    expect(authErrorCode(new Error('boom'))).toBeNull();
    expect(authErrorCode({ code: 'permission-denied' })).toBeNull();
    expect(authErrorCode('auth/wrong-password')).toBeNull();
    expect(authErrorCode(null)).toBeNull();
    expect(signInErrorMessage(new AccountDocumentsError('u1', 'Ann', new Error('x')))).toBeNull();
  });
});
