import type { Auth } from 'firebase-admin/auth';
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import type { Storage } from 'firebase-admin/storage';
import {
  COLLECTIONS,
  MAX_BATCH_WRITES,
  POST_EDITS,
  replyKey,
  type ModerationAction,
  type ModerationCase,
} from 'shared-firebase/server';
import { postFilePaths, statusAfter } from './cases';
import { markMemberContent } from './suspension';

/** The Admin SDK's services an action needs. */
export interface ModerationContext {
  db: Firestore;
  auth: Auth;
  bucket: ReturnType<Storage['bucket']>;
}

/** Deletes every document of a query, a batch at a time. */
async function deleteAll(db: Firestore, query: FirebaseFirestore.Query): Promise<void> {
  for (;;) {
    const page = await query.limit(MAX_BATCH_WRITES).get();
    if (page.empty) return;
    const batch = db.batch();
    for (const document of page.docs) batch.delete(document.ref);
    await batch.commit();
  }
}

/**
 * A post removed for everyone, as its author's delete would: its comments and earlier versions,
 * its explore entry and its files, out of the author's list, with the tombstone that keeps its id
 * from being used again. Safe to run again: what is gone is skipped.
 */
async function removePost({ db, bucket }: ModerationContext, postId: string): Promise<void> {
  const postRef = db.doc(`${COLLECTIONS.posts}/${postId}`);
  const post = (await postRef.get()).data();
  await deleteAll(db, db.collection(COLLECTIONS.comments).where('postId', '==', postId));
  if (!post) return;
  const author = typeof post.uid === 'string' ? post.uid : '';
  await deleteAll(db, postRef.collection(POST_EDITS));
  await Promise.all(
    postFilePaths(post, author).map((path) => bucket.file(path).delete({ ignoreNotFound: true })),
  );
  const batch = db.batch();
  batch.delete(postRef);
  batch.delete(db.doc(`${COLLECTIONS.explorePosts}/${postId}`));
  batch.set(db.doc(`${COLLECTIONS.deletedPosts}/${postId}`), {
    uid: author,
    deletedAt: FieldValue.serverTimestamp(),
  });
  const profile = db.doc(`${COLLECTIONS.usersData}/${author}`);
  if ((await profile.get()).exists) {
    batch.update(profile, { posts: FieldValue.arrayRemove(postId) });
  }
  await batch.commit();
}

/** One reply taken out of its thread (the others keep their ids); an old one with its copies. */
async function removeReply(db: Firestore, commentId: string, replyId: string): Promise<void> {
  const ref = db.doc(`${COLLECTIONS.comments}/${commentId}`);
  await db.runTransaction(async (transaction) => {
    const comment = (await transaction.get(ref)).data();
    if (!comment || !Array.isArray(comment.replies)) return;
    const replies = comment.replies.filter(
      (reply: { reply: unknown; userId: unknown } | null) => !reply || replyKey(reply) !== replyId,
    );
    if (replies.length !== comment.replies.length) transaction.update(ref, { replies });
  });
}

/** Carries out what the action asks for the case's thing; false when it does not apply. */
async function perform(
  context: ModerationContext,
  kind: ModerationAction['kind'],
  moderationCase: ModerationCase,
): Promise<boolean> {
  const { db, auth } = context;
  switch (kind) {
    case 'dismiss':
      return true;
    case 'remove':
      if (moderationCase.kind === 'post') await removePost(context, moderationCase.targetId);
      else if (moderationCase.kind === 'comment')
        await db.doc(`${COLLECTIONS.comments}/${moderationCase.targetId}`).delete();
      else if (moderationCase.kind === 'reply' && moderationCase.replyId)
        await removeReply(db, moderationCase.targetId, moderationCase.replyId);
      else return false;
      return true;
    case 'suspend':
    case 'unsuspend': {
      if (!moderationCase.authorUid) return false;
      const disabled = kind === 'suspend';
      try {
        await auth.updateUser(moderationCase.authorUid, { disabled });
      } catch (error) {
        // An account already deleted has nothing left to suspend.
        if ((error as { code?: string }).code === 'auth/user-not-found') return false;
        throw error;
      }
      // Sessions already open end at their next token refresh.
      if (disabled) await auth.revokeRefreshTokens(moderationCase.authorUid);
      // Their content follows the account as it is now (a later action may have changed it).
      const { disabled: suspended = disabled } = await auth.getUser(moderationCase.authorUid);
      await markMemberContent(db, moderationCase.authorUid, suspended);
      return true;
    }
  }
}

/** Whether `uid` carries the moderator claim now (the rules checked the writer's token). */
async function isModerator(auth: Auth, uid: unknown): Promise<boolean> {
  if (typeof uid !== 'string' || uid === '') return false;
  try {
    return (await auth.getUser(uid)).customClaims?.moderator === true;
  } catch {
    return false;
  }
}

/**
 * Carries out a moderator's action (`moderationCases/{caseId}/actions/{actionId}`) once: checks
 * the writer's claim again, acts, closes the case and tells every reporter the outcome on their
 * report. The action's `result` marks it carried out, so a second delivery does nothing.
 */
export async function carryOutAction(
  context: ModerationContext,
  caseId: string,
  actionId: string,
): Promise<void> {
  const { db, auth } = context;
  const caseRef = db.doc(`${COLLECTIONS.moderationCases}/${caseId}`);
  const actionRef = caseRef.collection('actions').doc(actionId);
  const action = (await actionRef.get()).data() as ModerationAction | undefined;
  if (!action || action.result) return;
  const moderationCase = (await caseRef.get()).data() as ModerationCase | undefined;
  const allowed = moderationCase !== undefined && (await isModerator(auth, action.by));
  const done = allowed && (await perform(context, action.kind, moderationCase));
  const now = FieldValue.serverTimestamp();
  if (!done) {
    await actionRef.update({ result: 'refused', doneAt: now });
    return;
  }
  const status = statusAfter(action.kind);
  const reports = await db.collection(COLLECTIONS.reports).where('targetKey', '==', caseId).get();
  const batch = db.batch();
  batch.update(caseRef, { status });
  if (status !== 'open') {
    for (const report of reports.docs)
      batch.update(report.ref, { outcome: status, outcomeAt: now });
  }
  batch.update(actionRef, { result: 'done', doneAt: now });
  await batch.commit();
}
