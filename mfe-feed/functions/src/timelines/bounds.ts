// The sizes of the timelines' work (docs/DATA_MODEL.md "Timelines").

/**
 * Above this many followers (`usersData.counts.followers`) an author's posts are not pushed into
 * followers' timelines: each follower's feed reads them from the author (the pull path). At
 * 10,000 a post is 25 batches of 500 writes, which the bench's target (followers' timelines
 * filled within 5 s) still allows; one post of an author with 1,000,000 followers would be
 * 1,000,000 billed writes and minutes of work, and a few such authors are cheaper read by their
 * followers' feeds than written into each.
 */
export const PULL_THRESHOLD = 10_000;

/** Follow edges read per fan-out page: each page is one batch with its progress (≤ 500 writes). */
export const TIMELINE_PAGE_SIZE = 400;

/**
 * A post's push splits its author's follow edges into this many id ranges (lanes), paged side by
 * side, each with its own progress: a commit of 400 entries is the push's longest wait, and one
 * after another, 25 of them kept F = 10,000 over the 5 s target on Google's emulator. 8 rather
 * than 4: p99 4.5 s against 5.0 s there (docs/PERFORMANCE.md "Post → timelines in lanes"), for 8
 * small lane documents per post.
 */
export const TIMELINE_FANOUT_LANES = 8;

/**
 * Followers per lane: an author with up to this many is pushed by one lane (one query and one
 * progress document more than the post's own), 10,000 by all eight.
 */
export const FOLLOWERS_PER_LANE = 1_250;

/** The lanes of a push for an author with `followers` followers (as last counted). */
export const lanesFor = (followers: number): number =>
  Math.min(TIMELINE_FANOUT_LANES, Math.max(1, Math.ceil(followers / FOLLOWERS_PER_LANE)));

/**
 * How long a post's fan-out progress (`timelineFanouts/{postId}`) is kept after it starts: its
 * `expireAt`, which production's TTL policy (firestore.indexes.json) deletes it after. A retried
 * event is redelivered for up to 7 days; until then the progress makes a redelivery read no edge
 * and keeps a late create event from pushing a deleted post.
 */
export const TIMELINE_FANOUT_KEEP_MS = 30 * 24 * 60 * 60 * 1000;

/** A new follow copies this many of the target's newest posts into the follower's timeline. */
export const FOLLOW_BACKFILL_POSTS = 20;

/** The bound of `timelines/{uid}.pulled`, which the feed's client pages through too. */
export { PULLED_AUTHORS_BOUND } from 'shared-firebase/server';

/** What the timeline functions may be told in tests (a tiny threshold, small pages). */
export interface TimelineOptions {
  pullThreshold?: number;
  pageSize?: number;
  /** Lanes of a push started from now on (a started push keeps its own). */
  lanes?: number;
}
