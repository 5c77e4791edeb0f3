import type { ActivityItem } from 'shared-firebase';

/** What happened, after the actor's name ("Ann liked your post"). */
export function whatHappened(type: ActivityItem['type']): string {
  switch (type) {
    case 'like':
      return 'liked your post';
    case 'comment':
      return 'commented on your post';
    case 'reply':
      return 'replied to your comment';
    case 'follow':
      return 'started following you';
  }
}

/** Where the entry leads: the post it is about, or the profile of a new follower. */
export function linkOf(item: Pick<ActivityItem, 'type' | 'actor' | 'postId'>): string {
  return item.postId !== null && item.type !== 'follow'
    ? `/post/${encodeURIComponent(item.postId)}`
    : `/profile/${encodeURIComponent(item.actor)}`;
}
