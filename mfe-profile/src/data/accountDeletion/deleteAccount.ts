import { isPermissionDenied } from 'shared-firebase/session';
import { confirmPassword, deleteSignedInAccount } from './accountAuth';
import {
  clearPictures,
  deleteOwnActivity,
  deleteOwnComments,
  deleteOwnDocuments,
  deleteOwnFiles,
  deleteOwnPosts,
  dropFollowers,
  markDeletionStarted,
  removeOwnLikes,
  removeOwnReplies,
  unfollowEveryone,
} from './steps';

/** One step of a deletion, as the progress shows it. */
export interface DeletionStep {
  id: string;
  label: string;
  run: (uid: string) => Promise<void>;
}

/** Every step in order; the Auth account goes last of all, after the documents. */
export const DELETION_STEPS: readonly DeletionStep[] = [
  { id: 'start', label: 'Starting', run: markDeletionStarted },
  { id: 'pictures', label: 'Removing your pictures from your profile', run: clearPictures },
  { id: 'following', label: 'Unfollowing everyone you follow', run: unfollowEveryone },
  { id: 'comments', label: 'Deleting your comments', run: deleteOwnComments },
  { id: 'replies', label: 'Deleting your replies', run: removeOwnReplies },
  { id: 'likes', label: 'Taking back your likes', run: removeOwnLikes },
  { id: 'posts', label: 'Deleting your posts', run: deleteOwnPosts },
  { id: 'followers', label: 'Removing your followers', run: dropFollowers },
  { id: 'files', label: 'Deleting your photos and pictures', run: deleteOwnFiles },
  { id: 'activity', label: 'Deleting your activity', run: deleteOwnActivity },
  { id: 'documents', label: 'Deleting your profile', run: deleteOwnDocuments },
  { id: 'account', label: 'Deleting your sign-in', run: () => deleteSignedInAccount() },
];

/** Where a deletion is: step `index` (0-based) of `total` is running. */
export interface DeletionProgress {
  stepId: string;
  label: string;
  index: number;
  total: number;
}

/**
 * How many times the steps run before giving up: another member can follow, or the member's
 * other tab post, while a run goes on; the rules then refuse the last batch, and the next run
 * removes what came meanwhile.
 */
const RUNS = 3;

/**
 * Deletes the signed-in member's account and everything of theirs (docs/DATA_MODEL.md "Deleting an
 * account"): confirms the password first (Firebase deletes only after a recent sign-in), then runs
 * DELETION_STEPS, telling `onProgress` before each. Rejects with the Auth error of a wrong
 * password before anything is deleted, or with the error that stopped a step; calling it again
 * carries on where it stopped (every step is idempotent).
 */
export async function deleteAccount(
  uid: string,
  password: string,
  onProgress: (progress: DeletionProgress) => void = () => {},
  steps: readonly DeletionStep[] = DELETION_STEPS,
): Promise<void> {
  await confirmPassword(password);
  for (let run = 1; ; run += 1) {
    try {
      for (const [index, step] of steps.entries()) {
        onProgress({ stepId: step.id, label: step.label, index, total: steps.length });
        await step.run(uid);
      }
      return;
    } catch (error) {
      if (run >= RUNS || !isPermissionDenied(error)) throw error;
    }
  }
}
