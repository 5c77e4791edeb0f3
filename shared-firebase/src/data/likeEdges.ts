// Like edges (docs/DATA_MODEL.md "Like edges"): one document per like, the member's one write;
// the feed's function fills the post's `likes` from them, up to LIKES_LIST_BOUND.

/** `likes/{postId}_{uid}`: the document id of `uid`'s like of `postId`. */
export const likeEdgeId = (postId: string, uid: string): string => `${postId}_${uid}`;
