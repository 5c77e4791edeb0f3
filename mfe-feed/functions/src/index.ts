// The feed team's Cloud Functions (firebase.json codebase `feed`). Deployed alone with
// `firebase deploy --only functions:feed`; run locally by firebase-tools' Functions emulator under
// npm start, npm run emulators and every test backend.
import { initializeApp } from 'firebase-admin/app';
import { getStorage } from 'firebase-admin/storage';
import * as logger from 'firebase-functions/logger';
import { onObjectFinalized } from 'firebase-functions/v2/storage';
import { checkUploadedPicture, STORAGE_FOLDERS } from 'shared-firebase/server';

initializeApp();

/**
 * Every post photo is a size the browser made (docs/DATA_MODEL.md "Image sizes"): an upload under
 * `{uid}/posts/` that is not a PNG or JPEG within the largest post size is deleted, so no viewer's
 * browser ever decodes a 16000×16000 PNG that storage.rules' byte limit let through. Idempotent
 * (only the event's generation is deleted), so Storage may deliver the event again.
 */
export const checkPostPhotos = onObjectFinalized({ retry: true }, async (event) => {
  const check = await checkUploadedPicture(getStorage().bucket(event.bucket), event.data, [
    STORAGE_FOLDERS.posts,
  ]);
  if (check.outcome === 'deleted') {
    logger.warn(`upload check: deleted ${event.data.name}: ${check.reason}`);
  } else if (check.outcome !== 'ignored') {
    // Every upload the app makes is kept: a debug line, not one per picture in the logs.
    logger.debug(`upload check: ${check.outcome} ${event.data.name}`);
  }
});

export { countCommentWrites, countNewMemberPosts, countPostWrites } from './countTriggers';
export { removeDeletedPostBookmarks } from './savedPostTriggers';
export { fanOutLike, removeDeletedPostLikes } from './likes/trigger';
export {
  followIntoTimeline,
  pushPostToTimelines,
  removePostFromTimelines,
  switchPulledAuthor,
} from './timelines/trigger';
