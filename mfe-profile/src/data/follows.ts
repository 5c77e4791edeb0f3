import { serverTimestamp, writeBatch } from 'firebase/firestore';
import { followEdgeRef, getDb } from 'shared-firebase';
import type { FollowEdge } from 'shared-firebase';

/*
 * Follow / unfollow (docs/DATA_MODEL.md "Follow edges"): the browser writes only the follow's own
 * document, `follows/{me}_{target}`, in one commit: created to follow, deleted to unfollow. The
 * profile codebase's function fills `Followers`, `Following` and the target's posts from it, so a
 * follow costs the same whatever the target's posts or followers.
 */

/** A follow change the product refuses before writing anything. */
export class FollowError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FollowError';
  }
}

/**
 * Makes `me` follow (`follow = true`) or unfollow `target`: one commit of one document. The
 * edge's listeners (the Follow button) see the change at once, from the SDK's local write; the
 * promise settles when the server has accepted it (offline, when the connection returns).
 */
export async function setFollowing(me: string, target: string, follow: boolean): Promise<void> {
  if (me === target) throw new FollowError('A member cannot follow themselves.');
  const edge = followEdgeRef(me, target);
  const batch = writeBatch(getDb());
  if (follow) {
    // The server's time, which the rules require; typed as the stored Timestamp it becomes.
    const createdAt = serverTimestamp() as unknown as FollowEdge['createdAt'];
    batch.set(edge, { follower: me, target, createdAt });
  } else batch.delete(edge);
  await batch.commit();
}
