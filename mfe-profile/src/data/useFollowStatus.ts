import { useMemo } from 'react';
import { followersRef, useLiveDocument } from 'shared-firebase';

/** Whether `me` follows `target`: loading, ready, or the read's error. */
export type FollowStatus =
  | { status: 'loading' }
  | { status: 'ready'; following: boolean }
  | { status: 'error'; error: Error };

/** Whether `me` follows `target`, live from `Followers/{target}`. */
export function useFollowStatus(me: string, target: string): FollowStatus {
  const ref = useMemo(() => followersRef(target), [target]);
  const followers = useLiveDocument(ref);
  if (followers.status === 'ready') {
    return { status: 'ready', following: followers.data.Followers.includes(me) };
  }
  if (followers.status === 'missing') return { status: 'ready', following: false };
  if (followers.status === 'error') return { status: 'error', error: followers.error };
  return { status: 'loading' };
}
