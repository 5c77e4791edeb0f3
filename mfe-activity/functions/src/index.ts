// The activity team's Cloud Functions (firebase.json codebase `activity`). Deployed alone with
// `firebase deploy --only functions:activity`; run locally by firebase-tools' Functions emulator
// under npm start, npm run emulators and every test backend.
//
// They write the activity items (docs/DATA_MODEL.md "Activity"): a member's like, comment, reply,
// follow or mention is their own client write, shown at once; the recipient's item follows when
// the trigger runs. Every trigger is retried when it throws and is safe to run again (notices.ts).
import { initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import {
  onDocumentCreated,
  onDocumentUpdated,
  onDocumentWritten,
} from 'firebase-functions/v2/firestore';
import { adminStore } from './adminStore';
import { addedMentions, appendedReplies, changedMembers, mentionsOf } from './changes';
import {
  settleComment,
  settleFollow,
  settleLike,
  settleMention,
  settleReply,
  type NoticeStore,
} from './notices';

initializeApp();

let store: NoticeStore | null = null;
const notices = () => (store ??= adminStore(getFirestore()));

/** The event's time (the write's commit time), the same on every delivery of it. */
const timeOf = (event: { time: string }) => Date.parse(event.time);

const commentFields = (data: Record<string, unknown> | undefined) =>
  typeof data?.userId === 'string' && typeof data.postId === 'string'
    ? { userId: data.userId, postId: data.postId }
    : null;

/**
 * A like edge created or deleted: the post's author's like item. From the edge, not the post's
 * `likes`, which stops growing at its bound. An edge the likes migration made is a like the old
 * product had notified already, from the array: it tells nobody again.
 */
export const notifyLikes = onDocumentWritten(
  { document: 'likes/{edgeId}', retry: true },
  async (event) => {
    const before = event.data?.before.data();
    const after = event.data?.after.data();
    if (!before && after?.migrated === true) return;
    const edge = after ?? before;
    if (typeof edge?.postId !== 'string' || typeof edge.uid !== 'string') return;
    await settleLike(notices(), edge.postId, edge.uid, timeOf(event));
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

/** A post created or edited: each member its caption newly mentions gets a mention item. */
export const notifyPostMentions = onDocumentWritten(
  { document: 'posts/{postId}', retry: true },
  async (event) => {
    const after = event.data?.after.data();
    if (!after || typeof after.uid !== 'string') return;
    const place = { kind: 'post', postId: event.params.postId } as const;
    for (const recipient of addedMentions(event.data?.before.data(), after)) {
      await settleMention(notices(), place, recipient, after.uid, timeOf(event));
    }
  },
);

/** A new comment: the post's author's comment item, and a mention item for each member it mentions. */
export const notifyComments = onDocumentCreated(
  { document: 'comments/{commentId}', retry: true },
  async (event) => {
    const data = event.data?.data();
    const comment = commentFields(data);
    if (!comment) return;
    const { commentId } = event.params;
    await settleComment(notices(), commentId, comment, timeOf(event));
    const place = { kind: 'comment', postId: comment.postId, commentId } as const;
    for (const recipient of mentionsOf(data)) {
      await settleMention(notices(), place, recipient, comment.userId, timeOf(event));
    }
  },
);

/**
 * A reply appended to a comment's thread: the comment's author's reply item, and a mention item
 * for each member the reply mentions.
 */
export const notifyReplies = onDocumentUpdated(
  { document: 'comments/{commentId}', retry: true },
  async (event) => {
    if (!event.data) return;
    const after = event.data.after.data();
    const comment = commentFields(after);
    if (!comment) return;
    const { commentId } = event.params;
    for (const reply of appendedReplies(event.data.before.data(), after)) {
      await settleReply(notices(), commentId, comment, reply, timeOf(event));
      if (!reply.id) continue;
      const place = {
        kind: 'reply',
        postId: comment.postId,
        commentId,
        replyId: reply.id,
      } as const;
      for (const recipient of reply.mentions) {
        await settleMention(notices(), place, recipient, reply.userId, timeOf(event));
      }
    }
  },
);
