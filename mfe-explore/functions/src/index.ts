// The explore team's Cloud Functions (firebase.json codebase `explore`). Deployed alone with
// `firebase deploy --only functions:explore`; run locally by firebase-tools' Functions emulator
// under npm start, npm run emulators and every test backend.
//
// They keep the tags of posts (docs/DATA_MODEL.md "Tags"): the tags a caption links, stored on the
// post for the tag pages' query, and counted per day for the trending list. Every trigger is
// retried when it throws and is safe to run again (postTags.ts).
import { initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { onDocumentWritten } from 'firebase-functions/v2/firestore';
import { mayChangeTags, settlePostTags } from './postTags';

initializeApp();

/** A post created, its caption edited, or the post deleted: its tags and the day's counts. */
export const tagPosts = onDocumentWritten(
  { document: 'posts/{postId}', retry: true },
  async (event) => {
    if (!mayChangeTags(event.data?.before.data(), event.data?.after.data())) return;
    await settlePostTags(getFirestore(), event.params.postId);
  },
);
