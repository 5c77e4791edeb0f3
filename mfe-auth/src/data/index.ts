// The auth remote's data calls, as its pages use them. The sign-in screens show before any Firebase
// code has loaded (docs/PERFORMANCE.md), so each call fetches its code (Firebase Auth, and Firestore
// for the account's documents) the first time it runs.
export {
  AccountDocumentsError,
  signInErrorMessage,
  signUpErrorMessage,
  UserNameTakenError,
} from './authErrors';
export type { ResetCodeCheck, ResetRequestOutcome } from './passwordReset';

const accountCalls = () => import('./account');
const resetCalls = () => import('./passwordReset');

/** Signs in and makes sure the member's documents exist; resolves with the uid (./account.ts). */
export async function signInMember(email: string, password: string): Promise<string> {
  return (await accountCalls()).signInMember(email, password);
}

/** Creates the account and its documents; resolves with the uid (./account.ts). */
export async function signUpMember(
  userName: string,
  email: string,
  password: string,
): Promise<string> {
  return (await accountCalls()).signUpMember(userName, email, password);
}

/** Writes the documents a sign-up could not (./account.ts). */
export async function completeSignUp(uid: string, userName: string): Promise<void> {
  return (await accountCalls()).completeSignUp(uid, userName);
}

/** E-mails a password reset link; the same answer for unknown addresses (./passwordReset.ts). */
export async function requestPasswordReset(email: string) {
  return (await resetCalls()).requestPasswordReset(email);
}

/** Whether a reset link's code can still be used, and for which address (./passwordReset.ts). */
export async function checkPasswordResetCode(code: string) {
  return (await resetCalls()).checkPasswordResetCode(code);
}

/** Sets the new password with the link's code (./passwordReset.ts). */
export async function confirmNewPassword(code: string, newPassword: string): Promise<void> {
  return (await resetCalls()).confirmNewPassword(code, newPassword);
}
