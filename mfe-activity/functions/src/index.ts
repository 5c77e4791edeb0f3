// The activity team's Cloud Functions (firebase.json codebase `activity`). Deployed alone with
// `firebase deploy --only functions:activity`; run locally by firebase-tools' Functions emulator
// under npm start, npm run emulators and every test backend.
//
// They write the activity items (docs/DATA_MODEL.md "Activity"): a member's like, comment, reply
// or follow is their own client write, shown at once; the recipient's item follows when the
// trigger runs. Every trigger is retried when it throws and is safe to run again (notices.ts).
import { initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { onDocumentCreated, onDocumentUpdated } from 'firebase-functions/v2/firestore';
import { adminStore } from './adminStore';
import { appendedReplies, changedMembers } from './changes';
import { settleComment, settleFollow, settleLike, settleReply, type NoticeStore } from './notices';

initializeApp();

let store: NoticeStore | null = null;
const notices = () => (store ??= adminStore(getFirestore()));

/** The event's time (the write's commit time), the same on every delivery of it. */
const timeOf = (event: { time: string }) => Date.parse(event.time);

const commentFields = (data: Record<string, unknown> | undefined) =>
  typeof data?.userId === 'string' && typeof data.postId === 'string'
    ? { userId: data.userId, postId: data.postId }
    : null;

/** A uid added to or removed from a post's `likes`: its author's like item. */
export const notifyLikes = onDocumentUpdated(
  { document: 'posts/{postId}', retry: true },
  async (event) => {
    if (!event.data) return;
    const actors = changedMembers(event.data.before.data(), event.data.after.data(), 'likes');
    for (const actor of actors) {
      await settleLike(notices(), event.params.postId, actor, timeOf(event));
    }
  },
);

/** A uid added to or removed from `Followers/{uid}`: that member's follow item. */
export const notifyFollows = onDocumentUpdated(
  { document: 'Followers/{uid}', retry: true },
  async (event) => {
    if (!event.data) return;
    const actors = changedMembers(event.data.before.data(), event.data.after.data(), 'Followers');
    for (const actor of actors) {
      await settleFollow(notices(), event.params.uid, actor, timeOf(event));
    }
  },
);

/** A new comment: the post's author's comment item. */
export const notifyComments = onDocumentCreated(
  { document: 'comments/{commentId}', retry: true },
  async (event) => {
    const comment = commentFields(event.data?.data());
    if (comment) await settleComment(notices(), event.params.commentId, comment, timeOf(event));
  },
);

/** A reply appended to a comment's thread: the comment's author's reply item. */
export const notifyReplies = onDocumentUpdated(
  { document: 'comments/{commentId}', retry: true },
  async (event) => {
    if (!event.data) return;
    const after = event.data.after.data();
    const comment = commentFields(after);
    if (!comment) return;
    for (const reply of appendedReplies(event.data.before.data(), after)) {
      await settleReply(notices(), event.params.commentId, comment, reply, timeOf(event));
    }
  },
);
