// Which authors are read by their followers' feeds rather than pushed into their timelines
// (docs/DATA_MODEL.md "Timelines", the pull path).
import type { Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS } from 'shared-firebase/server';
import { PULL_THRESHOLD } from './bounds';

/** Whether `uid` has more followers than the threshold, as the profile's function last counted. */
export async function isPulledAuthor(
  db: Firestore,
  uid: string,
  threshold: number = PULL_THRESHOLD,
): Promise<boolean> {
  const user = await db.collection(COLLECTIONS.usersData).doc(uid).get();
  const followers: unknown = user.get('counts.followers');
  return typeof followers === 'number' && followers > threshold;
}
