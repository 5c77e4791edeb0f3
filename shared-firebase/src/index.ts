// `shared-firebase`: the data layer (Firestore, and Storage on first use) plus everything of
// `shared-firebase/session`, re-exported through the package name so both entries share one
// session module on the page. It exports what its consumers use, no more; each name is documented
// where it is defined. Refs, queries and the hooks' building blocks stay inside the package.
export * from 'shared-firebase/session';

// The data model (SPEC section 3).
export type { Comment, ExplorePost, Post, Reply, UserData, UserInfo, WithId } from './model';
export type { ActivityItem } from './model';

// What the hooks return.
export type { LiveDocument } from './hooks/useLiveDocument';
export type { LiveQuery } from './hooks/useLiveQuery';
export type { PagedQuery } from './hooks/usePagedQuery';

// Members and profiles.
export { useMembers, useMember } from './data/members';
export { useMemberSearch } from './data/search';
export {
  profileUpdates,
  saveProfileUpdate,
  usernameProblem,
  changeProfileImage,
} from './data/profile';
export type { ProfileImageKind } from './data/profile';
export { checkDob, formatDob, parseStoredDob } from './dob';
export type { DobFields } from './dob';
export { checkImageFile, ImageUnreadableError } from './upload';
export { postTileSources, postPhotoBox, profilePictureSources } from './media/sources';
export { memberShown } from './memberShown';

// Posts, comments and likes.
export { useExplorePosts } from './data/explore';
export {
  useFeed,
  useAuthorPosts,
  useSinglePost,
  newPostProblem,
  createPost,
  setLiked,
  deletePost,
} from './data/posts';
export type { NewPost } from './data/posts';
export { usePostAudienceCache } from './data/postAudience';
export { useBrowserOnline } from './connectivity/browserOnline';
export { useComments, addComment, addReply, deleteComment, deleteReply } from './data/comments';

// Activity: what others did to the member's posts, comments and profile.
export { useActivity, useUnreadActivityCount, markActivityRead } from './data/activity';

// Following.
export { setFollowing, repairFollow, watchFollowRuns, FollowError } from './data/followRuns';
export type { FollowOptions, FollowRunWatcher } from './data/followRuns';
export { useFollowStatus } from './data/useFollowStatus';
export { useFollowerUids, useFollowingUids } from './data/connections';
export type { LiveUidList } from './data/connections';

// The account documents sign-up writes: the session entry's sign-up loads them from here.
export { createAccountDocuments, ensureAccountDocuments } from './data/accounts';

// Deleting the account (the profile remote's edit screen).
export { deleteAccount } from './data/accountDeletion/deleteAccount';
export type { DeletionProgress } from './data/accountDeletion/deleteAccount';
export { useAccountDeletionMark } from './data/accountDeletion/useAccountDeletionMark';
