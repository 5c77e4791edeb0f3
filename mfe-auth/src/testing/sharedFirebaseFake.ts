/**
 * The `shared-firebase/session` module as the forms see it in unit tests: the real messages,
 * constants and error mapping, with the network functions replaced by jest fakes. Test files
 * call `jest.mock('shared-firebase/session', () =>
 * jest.requireActual('../testing/sharedFirebaseFake').fake())` after mocking the `firebase/*`
 * modules (only loaded, never called, by the real parts).
 */
export function fake() {
  return {
    ...jest.requireActual('shared-firebase/session'),
    signInMember: jest.fn(),
    signUpMember: jest.fn(),
    completeSignUp: jest.fn(),
    requestPasswordReset: jest.fn(),
    checkPasswordResetCode: jest.fn(),
    confirmNewPassword: jest.fn(),
  };
}
