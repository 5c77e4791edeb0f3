import { sharedFirebaseSessionFake } from 'shared-firebase/testing/sharedFirebaseFake';

/**
 * The `shared-firebase/session` module as the forms see it in unit tests: the real messages,
 * constants and error mapping, with the network functions replaced by jest fakes. Test files
 * call `jest.mock('shared-firebase/session', () =>
 * jest.requireActual('../testing/sharedFirebaseFake').fake())` after mocking the `firebase/*`
 * modules (only loaded, never called, by the real parts).
 */
export function fake() {
  return sharedFirebaseSessionFake([
    'signInMember',
    'signUpMember',
    'completeSignUp',
    'requestPasswordReset',
    'checkPasswordResetCode',
    'confirmNewPassword',
  ]);
}
