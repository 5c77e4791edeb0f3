// The feed's data calls, as its components use them: posts (the feed, an author's or a tag's
// posts, one post; making, liking, editing and deleting one; a photo's description; a post's edit
// history), the member's saved posts, and comments with their replies. Component tests fake this
// module (testing/dataFake.ts); each call's own test fakes the SDK under it.
export { useFeed } from './timelineFeed';
export { useAuthorPosts, useTagPosts, useSinglePost } from './posts';
export { newPostProblem, createPost, MAX_POST_PHOTOS, UnreadablePhotoError } from './postWrites';
export { deletePost } from './lazyPostDeletion';
export type { NewPhoto, NewPost, PhotosProgress } from './postWrites';
export { PHOTO_ALT_MAX_LENGTH, storedPhotoAlt } from './photoAlt';
export { editPost, postEditProblem, usePostEdits, MAX_POST_EDITS } from './postEdits';
export type { PostEditInput } from './postEdits';
export { usePostAudienceCache } from './postAudience';
export {
  COMMENTS_PAGE_SIZE,
  useComments,
  addComment,
  addReply,
  deleteComment,
  deleteReply,
} from './comments';
export { useSavedPostList } from './savedPosts';
export { useSavedMark, setSaved } from './savedMark';
export { setLiked, shownLikes, useOwnLike, useShownLikes } from './likes';
export { useLikeEdges } from './likeEdges';
export type { ShownLikes } from './likes';
export { findMembersByName, useFindMembersByName, MENTION_SUGGESTIONS } from './mentions';
export { useMentionedMembers, useMentionedMembersState } from './mentionedMembers';
