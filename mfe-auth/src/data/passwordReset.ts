// Password reset through Firebase Auth. Loaded by ./index.ts at the first call.
import {
  confirmPasswordReset,
  sendPasswordResetEmail,
  verifyPasswordResetCode,
} from 'firebase/auth';
import { authErrorCode, loadFirebase } from 'shared-firebase/session';

/**
 * What a reset request tells the member, whatever happened to the address: an answer that
 * differed for unknown addresses would let anyone find out who has an account (docs/DATA_MODEL.md
 * "Password reset").
 */
export type ResetRequestOutcome = 'sent' | 'invalid-email' | 'failed';

/**
 * Asks Firebase Auth to e-mail a password reset link. An unknown address answers 'sent' like a
 * known one (projects with e-mail enumeration protection never tell; older ones answer
 * auth/user-not-found, which is swallowed here). Only a malformed address, or a request that could
 * not be made at all (network, too many requests), is reported.
 */
export async function requestPasswordReset(email: string): Promise<ResetRequestOutcome> {
  const { auth } = await loadFirebase();
  try {
    await sendPasswordResetEmail(auth, email);
    return 'sent';
  } catch (error) {
    switch (authErrorCode(error)) {
      case 'auth/user-not-found':
        return 'sent';
      case 'auth/invalid-email':
      case 'auth/missing-email':
        return 'invalid-email';
      default:
        console.warn('Password reset e-mail not sent', error);
        return 'failed';
    }
  }
}

/** Whether a reset link's code can still be used, and for which address. */
export type ResetCodeCheck = { ok: true; email: string } | { ok: false };

/** Checks the `oobCode` of a reset link before the member types a new password. */
export async function checkPasswordResetCode(code: string): Promise<ResetCodeCheck> {
  const { auth } = await loadFirebase();
  try {
    return { ok: true, email: await verifyPasswordResetCode(auth, code) };
  } catch {
    // Expired, used or mistyped: the page offers a new link either way.
    return { ok: false };
  }
}

/** Sets the new password with the link's code; rejects with the Firebase error. */
export async function confirmNewPassword(code: string, newPassword: string): Promise<void> {
  const { auth } = await loadFirebase();
  await confirmPasswordReset(auth, code, newPassword);
}
