// The index of who replied where (docs/DATA_MODEL.md "repliesByMember"): replies live inside their
// comment, and no query finds a map in a list by one of its fields, so account deletion would have
// to read every comment to find a member's replies. This index names, per member, the comments
// that hold a reply of theirs; the deletion job reads exactly those.
import { FieldValue } from 'firebase-admin/firestore';
import type { DocumentData, Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS } from 'shared-firebase/server';

/** `repliesByMember/{uid}/comments/{commentId}`: the comment holds at least one reply of uid's. */
export const REPLIES_BY_MEMBER = 'repliesByMember';
const INDEXED_COMMENTS = 'comments';

/** `repliesByMember/{uid}/comments`: the comments holding a reply of the member's. */
export function repliedCommentsOf(db: Firestore, uid: string) {
  return db.collection(REPLIES_BY_MEMBER).doc(uid).collection(INDEXED_COMMENTS);
}

interface StoredReply {
  userId?: unknown;
}

/** The uids with a reply in a comment's data (none for a missing comment). */
export function repliersOf(comment: DocumentData | undefined): Set<string> {
  const replies: unknown = comment?.['replies'];
  const uids = new Set<string>();
  if (!Array.isArray(replies)) return uids;
  for (const reply of replies as StoredReply[]) {
    if (typeof reply?.userId === 'string') uids.add(reply.userId);
  }
  return uids;
}

/** The member's replies in `comment`, each stored value once (what arrayRemove takes). */
export function repliesBy(uid: string, comment: DocumentData | undefined): unknown[] {
  const replies: unknown = comment?.['replies'];
  if (!Array.isArray(replies)) return [];
  const distinct = new Map<string, unknown>();
  for (const reply of replies as StoredReply[]) {
    if (reply?.userId === uid) distinct.set(JSON.stringify(reply), reply);
  }
  return [...distinct.values()];
}

/**
 * Brings the index in line with the comment as it is now, for the members whose replies an event
 * changed. It reads the comment afresh instead of trusting the event, so events delivered twice
 * or out of order leave the index right. A reply by a member whose account deletion is running is
 * removed at once instead of indexed: the job may already have passed its replies step.
 */
export async function reconcileReplyIndex(
  db: Firestore,
  commentId: string,
  before: DocumentData | undefined,
  after: DocumentData | undefined,
): Promise<void> {
  const was = repliersOf(before);
  const is = repliersOf(after);
  const touched = new Set([...was, ...is]);
  if (touched.size === 0 || (was.size === is.size && [...was].every((uid) => is.has(uid)))) return;
  const commentRef = db.collection(COLLECTIONS.comments).doc(commentId);
  const current = (await commentRef.get()).data();
  const replying = repliersOf(current);
  const arrivals = [...is].filter((uid) => !was.has(uid) && replying.has(uid));
  const leaving = new Set<string>();
  if (arrivals.length > 0) {
    const requests = await db.getAll(
      ...arrivals.map((uid) => db.collection(COLLECTIONS.accountDeletions).doc(uid)),
    );
    for (const request of requests) if (request.exists) leaving.add(request.id);
  }
  const batch = db.batch();
  for (const uid of touched) {
    const entry = repliedCommentsOf(db, uid).doc(commentId);
    if (replying.has(uid) && !leaving.has(uid)) batch.set(entry, { commentId });
    else batch.delete(entry);
  }
  for (const uid of leaving) {
    batch.update(commentRef, { replies: FieldValue.arrayRemove(...repliesBy(uid, current)) });
  }
  await batch.commit();
}
