// The block edges' trigger (docs/DATA_MODEL.md "Blocks and mutes"): a member's browser writes only
// `blocks/{blocker}_{blocked}`; the follows between the two end here, and the blocked member's
// likes of the blocker's posts.
import { getFirestore } from 'firebase-admin/firestore';
import * as logger from 'firebase-functions/logger';
import { onDocumentCreated } from 'firebase-functions/v2/firestore';
import { unfollowOnBlock } from './unfollowOnBlock';
import { unlikeOnBlock } from './unlikeOnBlock';

/**
 * A block: the follow edges between the two members, both ways, and the blocked member's like
 * edges of the blocker's posts are deleted. Retried.
 */
export const unfollowBlocked = onDocumentCreated(
  { document: 'blocks/{edgeId}', retry: true },
  async (event) => {
    const blocker: unknown = event.data?.get('blocker');
    const blocked: unknown = event.data?.get('blocked');
    if (typeof blocker !== 'string' || typeof blocked !== 'string') return;
    const db = getFirestore();
    const unfollowed = await unfollowOnBlock(db, blocker, blocked);
    const unliked = await unlikeOnBlock(db, blocker, blocked);
    logger.debug(
      `block ${event.params.edgeId}: ${unfollowed} follow edges, ${unliked} like edges deleted`,
    );
  },
);
