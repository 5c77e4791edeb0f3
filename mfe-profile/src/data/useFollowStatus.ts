import { useFollowerUids } from './connections';
import type { LiveUidList } from './connections';

/** Whether `me` follows `target`: loading, ready, or the read's error. */
export type FollowStatus =
  | { status: 'loading' }
  | { status: 'ready'; following: boolean }
  | { status: 'error'; error: Error };

/** Whether `me` is among `followers` (the target's live `Followers` list). */
export function followStatusIn(followers: LiveUidList, me: string): FollowStatus {
  if (followers.status === 'ready') {
    return { status: 'ready', following: followers.uids.includes(me) };
  }
  return followers;
}

/** Whether `me` follows `target`, live from `Followers/{target}`. */
export function useFollowStatus(me: string, target: string): FollowStatus {
  return followStatusIn(useFollowerUids(target), me);
}
