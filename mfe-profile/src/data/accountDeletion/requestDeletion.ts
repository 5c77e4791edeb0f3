import { serverTimestamp, setDoc } from 'firebase/firestore';
import { accountDeletionRef } from 'shared-firebase';
import { confirmPassword } from './accountAuth';

/**
 * Asks the server to delete the signed-in member's account (docs/DATA_MODEL.md "Deleting an
 * account"): confirms the password first, then creates the request `accountDeletions/{uid}`, which
 * starts the profile codebase's deletion job. Rejects with the Auth error of a wrong password
 * before anything is written. The job's progress arrives on the request (useAccountDeletionMark).
 */
export async function requestAccountDeletion(uid: string, password: string): Promise<void> {
  await confirmPassword(password);
  await setDoc(accountDeletionRef(uid), { startedAt: serverTimestamp() });
}
