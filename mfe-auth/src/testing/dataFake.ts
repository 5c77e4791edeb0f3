import type * as Data from '../data';

/**
 * The remote's data module as its page tests see it: the real error mapping, with each call to
 * Firebase a bare `jest.fn()` the test programs. Test files call
 * `jest.mock('../data', () => jest.requireActual('../testing/dataFake').fakeData())`.
 */
export function fakeData(): Record<string, unknown> {
  const calls: ReadonlyArray<keyof typeof Data> = [
    'signInMember',
    'signUpMember',
    'completeSignUp',
    'requestPasswordReset',
    'checkPasswordResetCode',
    'confirmNewPassword',
  ];
  return {
    ...jest.requireActual<object>('../data'),
    ...Object.fromEntries(calls.map((name) => [name, jest.fn()])),
  };
}
