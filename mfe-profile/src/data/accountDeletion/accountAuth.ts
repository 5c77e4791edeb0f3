// The Auth side of deleting an account: Firebase deletes a sign-in only after a recent one.
import { deleteUser, EmailAuthProvider, reauthenticateWithCredential } from 'firebase/auth';
import { loadFirebase } from 'shared-firebase/session';

/**
 * Confirms the signed-in member's password (a recent sign-in, which Firebase requires before it
 * deletes an account). Rejects with the Firebase error: auth/wrong-password or
 * auth/invalid-credential for a wrong password.
 */
export async function confirmPassword(password: string): Promise<void> {
  const { auth } = await loadFirebase();
  const user = auth.currentUser;
  if (!user?.email) throw new Error('Nobody with an e-mail address is signed in.');
  await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email, password));
}

/** Deletes the signed-in member's Auth account, which signs them out. */
export async function deleteSignedInAccount(): Promise<void> {
  const { auth } = await loadFirebase();
  const user = auth.currentUser;
  if (!user) throw new Error('Nobody is signed in.');
  await deleteUser(user);
}
