/**
 * The collections only the teams' Cloud Functions read and write (the rules match none of them),
 * beside the seed's: kept out of `COLLECTIONS` so that no page bundles their names.
 * docs/DATA_MODEL.md gives each one's owner and fields.
 */
export const SERVER_COLLECTIONS = {
  /**
   * `followFanouts/{followerUid}_{targetUid}`, where the profile's function is in copying one
   * follow into the target's posts.
   */
  followFanouts: 'followFanouts',
  /**
   * `countedFollows/{followerUid}_{targetUid}`, the follow edges counted in the count shards, and
   * `followCountShards/{uid}_{followers|following}_{n}`, parts of a member's follow counts
   * (profile; docs/DATA_MODEL.md "Counts").
   */
  countedFollows: 'countedFollows',
  followCountShards: 'followCountShards',
  /**
   * `countedLikes/{postId}_{uid}`, the like edges counted in the count shards, and
   * `likeCountShards/{postId}_{n}`, parts of a post's like count (feed; docs/DATA_MODEL.md
   * "Counts").
   */
  countedLikes: 'countedLikes',
  likeCountShards: 'likeCountShards',
  /**
   * `timelineFanouts/{postId}`, where the feed's function is in copying one post into (or out of)
   * its author's followers' timelines.
   */
  timelineFanouts: 'timelineFanouts',
  /**
   * `timelineAuthors/{uid}`, whether the author's posts are pulled by followers' feeds, and where
   * the feed's function is in telling the followers.
   */
  timelineAuthors: 'timelineAuthors',
  /**
   * `postTags/{postId}`, the tags the explore team's function counted for a post, and on which
   * day (docs/DATA_MODEL.md "Tags").
   */
  postTags: 'postTags',
  /**
   * `suspensions/{uid}`, how far the moderation team's function is in marking (or unmarking) a
   * suspended member's content (docs/DATA_MODEL.md "Suspended members").
   */
  suspensions: 'suspensions',
} as const;
