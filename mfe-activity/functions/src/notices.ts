// Writes what an action owes its recipient, in one transaction per action and recipient: the
// target is read again (does the like or follow still stand? who owns the post?), then the item
// and its notice record, then the decision of noticeDecision.ts is written. Reading what is true
// now makes the result the same whatever order events arrive in and however often each arrives.
import { Timestamp } from 'firebase-admin/firestore';
import {
  ACTIVITY_ITEMS,
  ACTIVITY_NOTICES,
  COLLECTIONS,
  activityItemFields,
  commentItemId,
  followItemId,
  likeEdgeId,
  likeItemId,
  mentionItemId,
  replyItemId,
  type ActivityNotice,
  type MentionPlace,
} from 'shared-firebase/server';
import { mayTell } from './reach';
import {
  decideOnce,
  decideOneOff,
  decideStanding,
  decideWithdrawn,
  type Decision,
  type NoticeRecord,
  type Stored,
} from './noticeDecision';

type Data = Record<string, unknown>;

/** One transaction: every read before the first write (as Firestore's transactions require). */
export interface NoticeTransaction {
  get(path: string): Promise<Data | null>;
  set(path: string, data: Data): void;
  delete(path: string): void;
}

/** Runs `work` in a transaction, again when it conflicts with another write. */
export interface NoticeStore {
  run(work: (tx: NoticeTransaction) => Promise<void>): Promise<void>;
}

const itemPath = (notice: ActivityNotice) =>
  `${COLLECTIONS.activity}/${notice.recipient}/${ACTIVITY_ITEMS}/${notice.itemId}`;
const recordPath = (notice: ActivityNotice) =>
  `${COLLECTIONS.activity}/${notice.recipient}/${ACTIVITY_NOTICES}/${notice.itemId}`;

const millis = (value: unknown): number | null =>
  value instanceof Timestamp ? value.toMillis() : null;
const stamp = (ms: number | null) => (ms === null ? null : Timestamp.fromMillis(ms));

function storedRecord(data: Data | null): NoticeRecord | null {
  const notifiedAt = millis(data?.notifiedAt);
  if (!data || notifiedAt === null) return null;
  return {
    notifiedAt,
    withdrawnAt: millis(data.withdrawnAt),
    readWhenWithdrawn: typeof data.readWhenWithdrawn === 'boolean' ? data.readWhenWithdrawn : null,
  };
}

/**
 * Reads the item and its record, decides, writes; nothing about oneself. Whatever tells the
 * recipient asks reach.ts first; taking an item back (an unlike, an unfollow) never does.
 */
async function settle(
  tx: NoticeTransaction,
  notice: ActivityNotice,
  decide: (stored: Stored, at: number) => Decision,
  at: number,
): Promise<void> {
  if (notice.recipient === notice.actor) return;
  if (decide !== decideWithdrawn && !(await mayTell(tx, notice.recipient, notice.actor))) return;
  const [item, record] = await Promise.all([tx.get(itemPath(notice)), tx.get(recordPath(notice))]);
  const decision = decide(
    {
      item: item ? { read: item.read === true, createdAt: millis(item.createdAt) } : null,
      record: storedRecord(record),
    },
    at,
  );
  if (decision.kind === 'keep') return;
  if (decision.item === 'delete') tx.delete(itemPath(notice));
  else if (decision.item !== 'leave') {
    const fields = activityItemFields(notice, stamp(decision.item.createdAt));
    if (fields) tx.set(itemPath(notice), { ...fields, read: decision.item.read });
  }
  tx.set(recordPath(notice), {
    notifiedAt: stamp(decision.record.notifiedAt),
    withdrawnAt: stamp(decision.record.withdrawnAt),
    readWhenWithdrawn: decision.record.readWhenWithdrawn,
  });
}

const uidsOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((uid): uid is string => typeof uid === 'string') : [];

/**
 * `actor` liked or unliked `posts/{postId}` at `at`: the post's author is told, or untold. Whether
 * the like stands is its edge `likes/{postId}_{actor}` now (docs/DATA_MODEL.md "Like edges").
 */
export function settleLike(store: NoticeStore, postId: string, actor: string, at: number) {
  return store.run(async (tx) => {
    const [post, edge] = await Promise.all([
      tx.get(`${COLLECTIONS.posts}/${postId}`),
      tx.get(`${COLLECTIONS.likes}/${likeEdgeId(postId, actor)}`),
    ]);
    // A deleted post's likes tell nobody anything new.
    if (!post || typeof post.uid !== 'string') return;
    const notice: ActivityNotice = {
      recipient: post.uid,
      itemId: likeItemId(postId, actor),
      type: 'like',
      actor,
      postId,
      commentId: null,
    };
    await settle(tx, notice, edge ? decideStanding : decideWithdrawn, at);
  });
}

/** `actor` followed or unfollowed `target` at `at`. */
export function settleFollow(store: NoticeStore, target: string, actor: string, at: number) {
  return store.run(async (tx) => {
    const followers = await tx.get(`${COLLECTIONS.followers}/${target}`);
    if (!followers) return;
    const notice: ActivityNotice = {
      recipient: target,
      itemId: followItemId(actor),
      type: 'follow',
      actor,
      postId: null,
      commentId: null,
    };
    const standing = uidsOf(followers.Followers).includes(actor);
    await settle(tx, notice, standing ? decideStanding : decideWithdrawn, at);
  });
}

/** A comment was made at `at`: the post's author is told, unless it is gone already. */
export function settleComment(
  store: NoticeStore,
  commentId: string,
  comment: { userId: string; postId: string },
  at: number,
) {
  return store.run(async (tx) => {
    const [post, stillThere] = await Promise.all([
      tx.get(`${COLLECTIONS.posts}/${comment.postId}`),
      tx.get(`${COLLECTIONS.comments}/${commentId}`),
    ]);
    if (!post || typeof post.uid !== 'string' || !stillThere) return;
    const notice: ActivityNotice = {
      recipient: post.uid,
      itemId: commentItemId(commentId),
      type: 'comment',
      actor: comment.userId,
      postId: comment.postId,
      commentId,
    };
    await settle(tx, notice, decideOneOff, at);
  });
}

/**
 * A reply was appended at `position` of a thread at `at`: the comment's author is told (the
 * comment, as the event saw it, names its author and post), unless the comment is gone already.
 */
export function settleReply(
  store: NoticeStore,
  commentId: string,
  comment: { userId: string; postId: string },
  reply: { position: number; userId: string },
  at: number,
) {
  return store.run(async (tx) => {
    if (!(await tx.get(`${COLLECTIONS.comments}/${commentId}`))) return;
    const notice: ActivityNotice = {
      recipient: comment.userId,
      itemId: replyItemId(commentId, reply.position, reply.userId),
      type: 'reply',
      actor: reply.userId,
      postId: comment.postId,
      commentId,
    };
    await settle(tx, notice, decideOneOff, at);
  });
}

/** The mentioning text's author and its `mentions`, as stored now; null when it is gone. */
function mentioningText(place: MentionPlace, stored: Data | null) {
  if (!stored) return null;
  if (place.kind === 'post') return { author: stored.uid, mentions: stored.mentions };
  if (place.kind === 'comment') return { author: stored.userId, mentions: stored.mentions };
  const replies: unknown[] = Array.isArray(stored.replies) ? stored.replies : [];
  const reply = replies.find(
    (candidate): candidate is Data =>
      typeof candidate === 'object' &&
      candidate !== null &&
      (candidate as Data).id === place.replyId,
  );
  return reply ? { author: reply.userId, mentions: reply.mentions } : null;
}

/**
 * `actor`'s post, comment or reply mentioned `recipient` at `at`: the recipient is told once,
 * if the text still exists, is still the actor's and still mentions them, and if the recipient
 * may be told about the actor (reach.ts, asked by settle). Never about oneself.
 */
export function settleMention(
  store: NoticeStore,
  place: MentionPlace,
  recipient: string,
  actor: string,
  at: number,
) {
  return store.run(async (tx) => {
    const path =
      place.kind === 'post'
        ? `${COLLECTIONS.posts}/${place.postId}`
        : `${COLLECTIONS.comments}/${place.commentId}`;
    const text = mentioningText(place, await tx.get(path));
    if (!text || text.author !== actor || !uidsOf(text.mentions).includes(recipient)) return;
    const notice: ActivityNotice = {
      recipient,
      itemId: mentionItemId(place),
      type: 'mention',
      actor,
      postId: place.postId,
      commentId: place.kind === 'post' ? null : place.commentId,
    };
    await settle(tx, notice, decideOnce, at);
  });
}
