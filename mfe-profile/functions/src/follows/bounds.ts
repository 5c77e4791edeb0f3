// The bounds of the seed's lists, which the function keeps filling for every member the old
// product could represent (docs/DATA_MODEL.md "Limits"); beyond them the edges are the truth.

/** `Followers.Followers` and `Following.Following` stop growing at this many uids. */
export const FOLLOW_LIST_BOUND = 2000;

/** `posts.followers`: the author and up to FOLLOW_LIST_BOUND followers. */
export const POST_FOLLOWERS_BOUND = FOLLOW_LIST_BOUND + 1;

/** Posts read and written per fan-out page (one batch, well within 500 writes). */
export const FANOUT_PAGE_SIZE = 200;

/** `follows/{follower}_{target}`: the document id of a follow. */
export const followEdgeId = (follower: string, target: string): string => `${follower}_${target}`;
