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
import { PULL_THRESHOLD } from './bounds';
import { pullWanted, settlePullSwitch } from './pulledAuthors';

const POST_TRIGGER = { document: 'posts/{postId}', retry: true, timeoutSeconds: 300 } as const;

/**
 * A post created or deleted: its timelines brought to whether it exists now. Two triggers, not
 * one on every write, so the many updates of a post (likes, counts, edits) start nothing here.
 */
async function settleTimelinesOf(event: {
  data?: { get(field: string): unknown };
  params: { postId: string };
}): Promise<void> {
  const author = event.data?.get('uid');
  if (typeof author !== 'string') return;
  const done = await settlePostTimelines(getFirestore(), event.params.postId, author);
  logger.debug(`timelines of post ${event.params.postId}: ${JSON.stringify(done)}`);
}

/** A post created: into its author's timeline and, below the pull threshold, its followers'. */
export const pushPostToTimelines = onDocumentCreated(POST_TRIGGER, settleTimelinesOf);

/** A post deleted (by anyone): out of every timeline. */
export const removePostFromTimelines = onDocumentDeleted(POST_TRIGGER, settleTimelinesOf);

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

/** The side of the pull threshold a member's follower count is on (see `pullWanted`). */
function pullSide(data: Record<string, unknown> | undefined): boolean | null {
  const counts = data?.['counts'] as Record<string, unknown> | undefined;
  const followers = counts?.['followers'];
  if (typeof followers !== 'number') return null;
  if (pullWanted(followers, false, PULL_THRESHOLD)) return true;
  return pullWanted(followers, true, PULL_THRESHOLD) ? null : false;
}

/**
 * A member's follower count crossed the pull threshold (up) or half of it (down): their followers'
 * timelines switch between pulling and receiving their posts. Every other write of `usersData`
 * returns before reading anything.
 */
export const switchPulledAuthor = onDocumentWritten(
  { document: 'usersData/{uid}', retry: true, timeoutSeconds: 300 },
  async (event) => {
    const before = pullSide(event.data?.before.data());
    const after = pullSide(event.data?.after.data());
    if (after === null || after === before) return;
    const done = await settlePullSwitch(getFirestore(), event.params.uid);
    logger.debug(`pull switch of ${event.params.uid}: ${JSON.stringify(done)}`);
  },
);
