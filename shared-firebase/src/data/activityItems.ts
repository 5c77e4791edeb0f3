import type { ActivityItem, ActivityType } from '../model';

/*
 * What an activity item is, as plain data (docs/DATA_MODEL.md "Activity"): its id, derived from the
 * action so an item is written at most once and the undoing action (unlike, unfollow) finds it,
 * and its fields. No SDK here: the activity team's functions (mfe-activity/functions, through
 * `shared-firebase/server`) write the items from this one definition.
 */

/** `like_{postId}_{actor}`: one per member and post. */
export const likeItemId = (postId: string, actor: string) => `like_${postId}_${actor}`;
/** `follow_{actor}`: one per follower. */
export const followItemId = (actor: string) => `follow_${actor}`;
/** `comment_{commentId}`. */
export const commentItemId = (commentId: string) => `comment_${commentId}`;
/**
 * `reply_{commentId}_{position}_{actor}`: the seed's replies carry no id, so a reply is named by its
 * position in the thread when it was appended (the thread's length before it) and its writer.
 */
export const replyItemId = (commentId: string, position: number, actor: string) =>
  `reply_${commentId}_${position}_${actor}`;

/** Where a member was mentioned: a post's caption, a comment, or a reply (by its id). */
export type MentionPlace =
  | { kind: 'post'; postId: string }
  | { kind: 'comment'; postId: string; commentId: string }
  | { kind: 'reply'; postId: string; commentId: string; replyId: string };

/**
 * A mention's item id, one per place that mentions the recipient (the recipient is the item's
 * path): `mention_post_{postId}`, `mention_comment_{commentId}`,
 * `mention_reply_{commentId}_{replyId}` (only replies with an id can mention). A mention is told
 * once: an edit that mentions the member again, or a second delivery, finds the item's notice
 * record and tells nothing new.
 */
export function mentionItemId(place: MentionPlace): string {
  switch (place.kind) {
    case 'post':
      return `mention_post_${place.postId}`;
    case 'comment':
      return `mention_comment_${place.commentId}`;
    case 'reply':
      return `mention_reply_${place.commentId}_${place.replyId}`;
  }
}

/** What an action tells its recipient: whom, under which item id, and the item's fields. */
export interface ActivityNotice {
  recipient: string;
  itemId: string;
  type: ActivityType;
  actor: string;
  postId: string | null;
  commentId: string | null;
}

/**
 * The notice's item document, stamped with `createdAt` (the time of the action it tells); null when
 * the actor is the recipient (nobody is told about their own actions).
 */
export function activityItemFields<Stamp>(
  notice: ActivityNotice,
  createdAt: Stamp,
): (Omit<ActivityItem, 'createdAt'> & { createdAt: Stamp }) | null {
  if (notice.recipient === notice.actor) return null;
  return {
    type: notice.type,
    actor: notice.actor,
    postId: notice.postId,
    commentId: notice.commentId,
    createdAt,
    read: false,
  };
}
