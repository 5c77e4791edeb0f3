/**
 * The `shared-firebase` module as the forms see it in unit tests: the real messages, constants and
 * error mapping, with the three network functions replaced by jest fakes. Test files call
 * `jest.mock('shared-firebase', () => jest.requireActual('../testing/sharedFirebaseFake').fake())`
 * after mocking the `firebase/*` modules (only loaded, never called, by the real parts).
 */
export function fake() {
  const auth = jest.requireActual('shared-firebase/src/auth');
  return {
    ...jest.requireActual('shared-firebase/src/constants'),
    ...jest.requireActual('shared-firebase/src/messages'),
    AUTH_MESSAGES: auth.AUTH_MESSAGES,
    AccountDocumentsError: auth.AccountDocumentsError,
    authErrorCode: auth.authErrorCode,
    signInErrorMessage: auth.signInErrorMessage,
    signUpErrorMessage: auth.signUpErrorMessage,
    signInMember: jest.fn(),
    signUpMember: jest.fn(),
    completeSignUp: jest.fn(),
  };
}
