import { useMemo, useRef } from 'react';
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

/** The viewer's follow state and the count it was seen with, for useFollowersShown. */
interface Baseline {
  following: boolean;
  stored: number;
}

/**
 * A member's followers count as the viewer should see it: the stored count, with the viewer's
 * own follow or unfollow applied at once (the profile's function counts it a moment later).
 * `listed` says whether the stored count includes the viewer, when known (the stored list was
 * read). Otherwise what the viewer's edge was when the stored count was last seen to change is
 * taken as counted: a later change of the edge adds or takes one until the stored count moves.
 * Null while the stored count is not known.
 */
export function useFollowersShown(
  stored: number | null,
  status: FollowStatus,
  listed: boolean | null,
): number | null {
  const baseline = useRef<Baseline | null>(null);
  if (stored === null || status.status !== 'ready') return stored;
  if (baseline.current === null || baseline.current.stored !== stored) {
    baseline.current = { following: status.following, stored };
  }
  const counted = listed ?? baseline.current.following;
  if (status.following === counted) return stored;
  return Math.max(0, stored + (status.following ? 1 : -1));
}
