// The timelines' triggers (docs/DATA_MODEL.md "Timelines"): a post and a follow edge each bring
// the timelines they touch to their current state.
import { getFirestore } from 'firebase-admin/firestore';
import * as logger from 'firebase-functions/logger';
import {
  onDocumentCreated,
  onDocumentDeleted,
  onDocumentWritten,
} from 'firebase-functions/v2/firestore';
import { settleFollowTimeline } from './followTimeline';
import { settlePostTimelines } from './postTimelines';

/** A post created: into its author's timeline and, below the pull threshold, its followers'. */
export const pushPostToTimelines = onDocumentCreated(
  { document: 'posts/{postId}', retry: true, timeoutSeconds: 300 },
  async (event) => {
    const author = event.data?.get('uid');
    if (typeof author !== 'string') return;
    const done = await settlePostTimelines(getFirestore(), event.params.postId, author);
    logger.debug(`timelines of post ${event.params.postId}: ${JSON.stringify(done)}`);
  },
);

/** A post deleted (by anyone): out of every timeline. */
export const removePostFromTimelines = onDocumentDeleted(
  { document: 'posts/{postId}', retry: true, timeoutSeconds: 300 },
  async (event) => {
    const author = event.data?.get('uid');
    if (typeof author !== 'string') return;
    const done = await settlePostTimelines(getFirestore(), event.params.postId, author);
    logger.debug(`timelines of post ${event.params.postId}: ${JSON.stringify(done)}`);
  },
);

/** A follow or unfollow: the target's posts into or out of the follower's timeline. */
export const followIntoTimeline = onDocumentWritten(
  { document: 'follows/{edgeId}', retry: true },
  async (event) => {
    const data = event.data?.after.data() ?? event.data?.before.data();
    const follower: unknown = data?.['follower'];
    const target: unknown = data?.['target'];
    if (typeof follower !== 'string' || typeof target !== 'string') return;
    const done = await settleFollowTimeline(getFirestore(), follower, target);
    logger.debug(`timeline of follow ${event.params.edgeId}: ${JSON.stringify(done)}`);
  },
);
