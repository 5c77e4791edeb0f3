import { loadFirebaseSdk } from './app';

/**
 * Confirms the signed-in member's password (a recent sign-in, which Firebase requires before it
 * deletes an account). Rejects with the Firebase error: auth/wrong-password or
 * auth/invalid-credential for a wrong password.
 */
export async function confirmPassword(password: string): Promise<void> {
  const { handles, sdk } = await loadFirebaseSdk();
  const user = handles.auth.currentUser;
  if (!user?.email) throw new Error('Nobody with an e-mail address is signed in.');
  await sdk.reauthenticateWithCredential(
    user,
    sdk.EmailAuthProvider.credential(user.email, password),
  );
}

/** Deletes the signed-in member's Auth account, which signs them out. */
export async function deleteSignedInAccount(): Promise<void> {
  const { handles, sdk } = await loadFirebaseSdk();
  const user = handles.auth.currentUser;
  if (!user) throw new Error('Nobody is signed in.');
  await sdk.deleteUser(user);
}
