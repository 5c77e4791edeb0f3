import {
  arrayRemove,
  arrayUnion,
  doc,
  orderBy,
  query,
  serverTimestamp,
  updateDoc,
  where,
  writeBatch,
} from 'firebase/firestore';
import type { Query } from 'firebase/firestore';
import { useMemo } from 'react';
import {
  COMMENT_MAX_LENGTH,
  commentRef,
  commentsCollection,
  getDb,
  MAX_MENTIONS,
  replyHiddenBySuspension,
  usePagedQuery,
  useWithoutSuspended,
} from 'shared-firebase';
import type { Comment, PagedQuery, Reply, WithId } from 'shared-firebase';

/**
 * A post's comments, newest first: the list shows them in this order, so a new comment (whose
 * pending server time sorts after every stored time) is placed first at once.
 */
export function commentsQuery(postId: string): Query<Comment, Comment> {
  return query(commentsCollection(), where('postId', '==', postId), orderBy('createdAt', 'desc'));
}

/**
 * Comments per page of a post's thread: the newest page is read (and kept live) on opening, and
 * "Show older comments" reads each next one. 20 fills a phone screen a few times over while a
 * thread of thousands costs 20 reads to open, not thousands.
 */
export const COMMENTS_PAGE_SIZE = 20;

/** A thread's replies as others see them: a suspended member's are hidden. */
function withShownReplies(comment: WithId<Comment>): WithId<Comment> {
  return comment.suspendedRepliers?.length
    ? {
        ...comment,
        replies: comment.replies.filter((reply) => !replyHiddenBySuspension(comment, reply)),
      }
    : comment;
}

/**
 * The thread as others see it: a suspended member's comment and replies are hidden; a page that
 * held only hidden comments reads the next at once (useWithoutSuspended).
 */
function useShownComments(comments: PagedQuery<Comment>): PagedQuery<Comment> {
  const withoutSuspended = useWithoutSuspended(comments);
  const items = useMemo(
    () => withoutSuspended.items.map(withShownReplies),
    [withoutSuspended.items],
  );
  return useMemo(() => ({ ...withoutSuspended, items }), [withoutSuspended, items]);
}

/**
 * A post's live comments, newest first, in pages of COMMENTS_PAGE_SIZE; `postId` null reads
 * nothing (the box is closed).
 */
export function useComments(postId: string | null): PagedQuery<Comment> {
  const base = useMemo(() => (postId ? commentsQuery(postId) : null), [postId]);
  return useShownComments(usePagedQuery(base, COMMENTS_PAGE_SIZE));
}

/** Whether text would be saved as a comment or reply: not blank, within the contract's limit. */
export function isSendableText(text: string): boolean {
  return text.trim() !== '' && text.length <= COMMENT_MAX_LENGTH;
}

/** `{ mentions }` for the members a text mentions (at most MAX_MENTIONS), or nothing for none. */
const mentionsField = (mentions: readonly string[]) =>
  mentions.length > 0 ? { mentions: mentions.slice(0, MAX_MENTIONS) } : {};

/**
 * Adds a comment (docs/DATA_MODEL.md "Comment and reply"); the post author's activity item, and
 * each mentioned member's, follow from the activity team's function. Whitespace-only text is
 * ignored: nothing is sent and false is returned.
 */
export async function addComment(
  postId: string,
  userId: string,
  text: string,
  mentions: readonly string[] = [],
): Promise<boolean> {
  if (!isSendableText(text)) return false;
  const ref = doc(commentsCollection());
  const batch = writeBatch(getDb());
  batch.set(ref, {
    comment: text.trim(),
    replies: [],
    postId,
    userId,
    createdAt: serverTimestamp() as never,
    ...mentionsField(mentions),
  });
  await batch.commit();
  return true;
}

/** A reply as it is written: Firestore stores the Date as a timestamp (read back as one). */
export type NewReply = Omit<Reply, 'createdAt'> & { createdAt: Date };

/**
 * A new reply: the seed's `{ reply, userId }` plus a stable `id` (a Firestore auto-id) and the
 * writer's time (an array element cannot hold a server timestamp; docs/DATA_MODEL.md "Replies").
 */
export function newReply(userId: string, text: string, mentions: readonly string[] = []): NewReply {
  return {
    reply: text.trim(),
    userId,
    id: doc(commentsCollection()).id,
    createdAt: new Date(),
    ...mentionsField(mentions),
  };
}

/** The comment a reply answers: its id, author (who is told), post and replies so far. */
export type RepliedComment = Pick<WithId<Comment>, 'id' | 'userId' | 'postId' | 'replies'>;

/**
 * Appends a reply to a comment (the comment author's activity item, and each mentioned member's,
 * follow from the activity team's function); whitespace-only text is ignored (false).
 */
export async function addReply(
  comment: RepliedComment,
  userId: string,
  text: string,
  mentions: readonly string[] = [],
): Promise<boolean> {
  if (!isSendableText(text)) return false;
  const batch = writeBatch(getDb());
  batch.update(commentRef(comment.id), {
    replies: arrayUnion(newReply(userId, text, mentions)),
  });
  await batch.commit();
  return true;
}

/**
 * Deletes a comment with its replies: allowed to the comment's author and to the post's author
 * (firestore.rules).
 */
export function deleteComment(commentId: string): Promise<void> {
  // A one-write batch: the same delete, through the SDK surface the apps already share.
  return writeBatch(getDb()).delete(commentRef(commentId)).commit();
}

/**
 * Removes one reply, exactly as it is stored (arrayRemove compares whole elements): allowed to
 * its writer, the comment's author and the post's author (firestore.rules).
 */
export function deleteReply(commentId: string, reply: Reply): Promise<void> {
  return updateDoc(commentRef(commentId), { replies: arrayRemove(reply) });
}
