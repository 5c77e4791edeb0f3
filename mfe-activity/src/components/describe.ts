import type { ActivityItem } from 'shared-firebase';

/**
 * What happened, after the actor's name ("Ann liked your post"). An item of a kind this page does
 * not know yet (written by newer functions) still reads as a sentence and leads where its fields
 * say, so the list never breaks on it.
 */
export function whatHappened(item: Pick<ActivityItem, 'type' | 'commentId'>): string {
  switch (item.type) {
    case 'like':
      return 'liked your post';
    case 'comment':
      return 'commented on your post';
    case 'reply':
      return 'replied to your comment';
    case 'follow':
      return 'started following you';
    case 'mention':
      return item.commentId === null ? 'mentioned you in a post' : 'mentioned you in a comment';
    default:
      return 'did something that involves you';
  }
}

/** Where the entry leads: the post it is about, or the profile of a new follower. */
export function linkOf(item: Pick<ActivityItem, 'type' | 'actor' | 'postId'>): string {
  return item.postId !== null && item.type !== 'follow'
    ? `/post/${encodeURIComponent(item.postId)}`
    : `/profile/${encodeURIComponent(item.actor)}`;
}
