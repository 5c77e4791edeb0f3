// The Auth side of deleting an account: the member confirms their password in the page.
import { EmailAuthProvider, reauthenticateWithCredential } from 'firebase/auth';
import { loadFirebase } from 'shared-firebase/session';

/**
 * Confirms the signed-in member's password (a recent sign-in). Rejects with the Firebase error:
 * auth/wrong-password or auth/invalid-credential for a wrong password.
 */
export async function confirmPassword(password: string): Promise<void> {
  const { auth } = await loadFirebase();
  const user = auth.currentUser;
  if (!user?.email) throw new Error('Nobody with an e-mail address is signed in.');
  await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email, password));
}
