import { MAX_BATCH_WRITES } from 'shared-firebase';

/*
 * Follow / unfollow fan-out (docs/DATA_MODEL.md "Follow / unfollow", mfe-profile/README.md).
 *
 * Three things must agree: `Followers/{target}` holds me, `Following/{me}` holds target, and the
 * `followers` of every post by target hold me. The rules only accept a write that really adds or
 * removes me (a repeated arrayUnion is denied), so an operation never replays blind writes: it
 * reads the current state, plans only the writes that are still missing, and commits them in
 * batches of at most MAX_BATCH_WRITES. The first batch carries both connection documents, so the
 * connection documents change atomically with the first posts; a failure after that leaves the
 * connection documents as the truth and any later run (retry, or repair) finishes the posts.
 */

/**
 * One write of the fan-out: a connection document or one post's `followers`. The target's activity
 * item follows from the activity team's function (docs/DATA_MODEL.md "Activity"), never from here.
 */
export type FollowWrite =
  { kind: 'followers' } | { kind: 'following' } | { kind: 'post'; postId: string };

/** What the fan-out reads before planning. */
export interface FollowState {
  /** `Followers/{target}.Followers`. */
  followers: string[];
  /** `Following/{me}.Following`. */
  following: string[];
  /** Every post by target, with its `followers`. */
  posts: Array<{ id: string; followers: string[] }>;
}

/**
 * The writes that bring the state to "me follows target" (`follow`) or not, in batches of at most
 * `maxWrites`; the connection documents, when they need a write, lead the first batch.
 */
export function planFollow(
  me: string,
  target: string,
  follow: boolean,
  state: FollowState,
  maxWrites: number = MAX_BATCH_WRITES,
): FollowWrite[][] {
  const needsChange = (list: string[], uid: string) => list.includes(uid) !== follow;
  const writes: FollowWrite[] = [];
  if (needsChange(state.followers, me)) writes.push({ kind: 'followers' });
  if (needsChange(state.following, target)) writes.push({ kind: 'following' });
  for (const post of state.posts) {
    if (needsChange(post.followers, me)) writes.push({ kind: 'post', postId: post.id });
  }
  const batches: FollowWrite[][] = [];
  for (let start = 0; start < writes.length; start += maxWrites) {
    batches.push(writes.slice(start, start + maxWrites));
  }
  return batches;
}
