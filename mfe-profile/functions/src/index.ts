// The profile team's Cloud Functions (firebase.json codebase `profile`). Deployed alone with
// `firebase deploy --only functions:profile`; run locally by firebase-tools' Functions emulator
// under npm start, npm run emulators and every test backend.
import { initializeApp } from 'firebase-admin/app';
import { getStorage } from 'firebase-admin/storage';
import * as logger from 'firebase-functions/logger';
import { onObjectFinalized } from 'firebase-functions/v2/storage';
import { checkUploadedPicture, STORAGE_FOLDERS } from 'shared-firebase/server';

initializeApp();

/**
 * Every profile picture and cover is a size the browser made (docs/DATA_MODEL.md "Image sizes"):
 * an upload under `{uid}/pfps/` or `{uid}/pfcovers/` that is not a PNG or JPEG within the largest
 * size of its kind is deleted. The same check as the feed's post photos (shared-firebase), each
 * team's function over its own folders. Idempotent (only the event's generation is deleted).
 */
export const checkProfilePictures = onObjectFinalized({ retry: true }, async (event) => {
  const check = await checkUploadedPicture(getStorage().bucket(event.bucket), event.data, [
    STORAGE_FOLDERS.profilePictures,
    STORAGE_FOLDERS.profileCovers,
  ]);
  if (check.outcome === 'deleted') {
    logger.warn(`upload check: deleted ${event.data.name}: ${check.reason}`);
  } else if (check.outcome !== 'ignored') {
    // Every upload the app makes is kept: a debug line, not one per picture in the logs.
    logger.debug(`upload check: ${check.outcome} ${event.data.name}`);
  }
});
export { deleteAccountJob, indexReplies } from './accountDeletion/trigger';
export { countFollowers, countFollowing } from './followCountTriggers';
export { fanOutFollow } from './follows/trigger';
export { checkUserNameKey } from './nameCheckTrigger';
export { unfollowBlocked } from './blocks/trigger';
