// The follow edges' trigger (docs/DATA_MODEL.md "Follow edges"): a member's browser writes only
// `follows/{follower}_{target}`; this fills the seed's lists and the target's posts from it.
import { getFirestore } from 'firebase-admin/firestore';
import * as logger from 'firebase-functions/logger';
import { onDocumentWritten } from 'firebase-functions/v2/firestore';
import { syncFollowCount } from '../followCounts';
import { countFollowEdge } from './edgeCounts';
import { reconcileFollow } from './reconcileFollow';

/** Who follows whom in an edge's event (its data before or after; the id is `{follower}_{target}`). */
function pairOf(
  data: Record<string, unknown> | undefined,
): { follower: string; target: string } | null {
  const follower = data?.['follower'];
  const target = data?.['target'];
  return typeof follower === 'string' && typeof target === 'string' ? { follower, target } : null;
}

/**
 * A follow or unfollow: `Followers/{target}`, `Following/{follower}`, `followers` of the
 * target's posts, the count shards and both members' counts follow the edge. At-least-once and
 * retried: every run works towards the edge's current state and resumes a fan-out where it
 * stopped.
 */
export const fanOutFollow = onDocumentWritten(
  { document: 'follows/{edgeId}', retry: true, timeoutSeconds: 300 },
  async (event) => {
    const pair = pairOf(event.data?.after.data()) ?? pairOf(event.data?.before.data());
    if (!pair) return;
    const db = getFirestore();
    const state = await reconcileFollow(db, pair.follower, pair.target);
    // The edge into (or out of) the count shards, once however often delivered; then both
    // counts. Within the lists' bound their own triggers count them too; beyond it the lists no
    // longer change, so the edge's event counts (recounts: any number of runs agree).
    await countFollowEdge(db, pair.follower, pair.target);
    await Promise.all([
      syncFollowCount(db, pair.target, 'followers'),
      syncFollowCount(db, pair.follower, 'following'),
    ]);
    logger.debug(
      `follow ${event.params.edgeId}: follows ${state.follows}, in audience ${state.inAudience}`,
    );
  },
);
