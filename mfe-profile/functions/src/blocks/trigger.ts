// The block edges' trigger (docs/DATA_MODEL.md "Blocks and mutes"): a member's browser writes only
// `blocks/{blocker}_{blocked}`; the follows between the two end here.
import { getFirestore } from 'firebase-admin/firestore';
import * as logger from 'firebase-functions/logger';
import { onDocumentCreated } from 'firebase-functions/v2/firestore';
import { unfollowOnBlock } from './unfollowOnBlock';

/** A block: the follow edges between the two members, both ways, are deleted. Retried. */
export const unfollowBlocked = onDocumentCreated(
  { document: 'blocks/{edgeId}', retry: true },
  async (event) => {
    const blocker: unknown = event.data?.get('blocker');
    const blocked: unknown = event.data?.get('blocked');
    if (typeof blocker !== 'string' || typeof blocked !== 'string') return;
    const removed = await unfollowOnBlock(getFirestore(), blocker, blocked);
    logger.debug(`block ${event.params.edgeId}: ${removed} follow edges deleted`);
  },
);
