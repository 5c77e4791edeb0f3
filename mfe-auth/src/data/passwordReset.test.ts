import {
  confirmPasswordReset,
  sendPasswordResetEmail,
  verifyPasswordResetCode,
} from 'firebase/auth';
import { checkPasswordResetCode, confirmNewPassword, requestPasswordReset } from './passwordReset';

// The Firebase SDK faked at the module boundary with the codes firebase-tools' Auth emulator
// answers; e2e/tests/password-reset.spec.ts runs the whole reset against the real emulator.
jest.mock('firebase/auth', () => ({
  sendPasswordResetEmail: jest.fn(),
  verifyPasswordResetCode: jest.fn(),
  confirmPasswordReset: jest.fn(),
}));
jest.mock('shared-firebase/session', () => ({
  ...jest.requireActual('shared-firebase/testing/firebaseFakes').loadedFirebase(),
}));

const send = jest.mocked(sendPasswordResetEmail);
const failure = (code: string) => Object.assign(new Error(code), { code });

beforeEach(() => {
  jest.resetAllMocks();
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});

test('a known and an unknown address get the same answer', async () => {
  send.mockResolvedValueOnce(undefined);
  expect(await requestPasswordReset('ann@example.test')).toBe('sent');
  send.mockRejectedValueOnce(failure('auth/user-not-found'));
  expect(await requestPasswordReset('nobody@example.test')).toBe('sent');
  expect(send).toHaveBeenLastCalledWith({ name: 'fake-auth' }, 'nobody@example.test');
});

test('only a malformed address or a request that could not be made is reported', async () => {
  send.mockRejectedValueOnce(failure('auth/invalid-email'));
  expect(await requestPasswordReset('x')).toBe('invalid-email');
  send.mockRejectedValueOnce(failure('auth/too-many-requests'));
  expect(await requestPasswordReset('ann@example.test')).toBe('failed');
  send.mockRejectedValueOnce(failure('auth/network-request-failed'));
  expect(await requestPasswordReset('ann@example.test')).toBe('failed');
});

test('a link’s code is checked, then used with the new password', async () => {
  jest.mocked(verifyPasswordResetCode).mockResolvedValueOnce('ann@example.test');
  expect(await checkPasswordResetCode('C1')).toEqual({ ok: true, email: 'ann@example.test' });
  jest.mocked(verifyPasswordResetCode).mockRejectedValueOnce(failure('auth/invalid-action-code'));
  expect(await checkPasswordResetCode('used')).toEqual({ ok: false });

  await confirmNewPassword('C1', 'new-horse-7');
  expect(confirmPasswordReset).toHaveBeenCalledWith({ name: 'fake-auth' }, 'C1', 'new-horse-7');
});
