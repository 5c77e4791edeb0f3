import type { LiveUidList } from './connections';
import { useMemo } from 'react';
import { followEdgeRef, useLiveDocument } from 'shared-firebase';

/** Whether `me` follows `target`: loading, ready, or the read's error. */
export type FollowStatus =
  | { status: 'loading' }
  | { status: 'ready'; following: boolean }
  | { status: 'error'; error: Error };

/**
 * Whether `me` follows `target`, live from the edge `follows/{me}_{target}`: one small document,
 * changed at once by the member's own follow or unfollow. Loading while `me` is null.
 */
export function useFollowStatus(me: string | null, target: string): FollowStatus {
  const ref = useMemo(() => (me ? followEdgeRef(me, target) : null), [me, target]);
  const edge = useLiveDocument(ref);
  if (edge.status === 'ready') return { status: 'ready', following: true };
  if (edge.status === 'missing') return { status: 'ready', following: false };
  return edge;
}

/**
 * A member's followers as the viewer should see them: the stored list, with the viewer's own
 * follow or unfollow applied at once (the function lists it a moment later). Unchanged while
 * either is not ready.
 */
export function followersWithOwnEdge(
  followers: LiveUidList,
  me: string | null,
  status: FollowStatus,
): LiveUidList {
  if (followers.status !== 'ready' || status.status !== 'ready' || me === null) return followers;
  const listed = followers.uids.includes(me);
  if (status.following && !listed) return { status: 'ready', uids: [...followers.uids, me] };
  if (!status.following && listed) {
    return { status: 'ready', uids: followers.uids.filter((uid) => uid !== me) };
  }
  return followers;
}
