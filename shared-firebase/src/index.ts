// `shared-firebase`: the data layer (Firestore, and Storage on first use) plus everything of
// `shared-firebase/session`, re-exported through the package name so both entries share one
// session module on the page.
export * from 'shared-firebase/session';
export { getDb } from './db';
export * from './model';
export * from './refs';
export { useLiveDocument } from './hooks/useLiveDocument';
export type { LiveDocument } from './hooks/useLiveDocument';
export { useLiveQuery } from './hooks/useLiveQuery';
export type { LiveQuery } from './hooks/useLiveQuery';
export { usePagedQuery } from './hooks/usePagedQuery';
export type { PagedQuery } from './hooks/usePagedQuery';
export { uploadImage, checkImageFile } from './upload';
export type { UploadedFile, StorageFolder } from './upload';
export { explorePostsNewestFirst, useExplorePosts } from './data/explore';
export { membersInReverseFetchOrder, useMembers, useMember } from './data/members';
export {
  feedQuery,
  authorPostsQuery,
  singlePostQuery,
  useFeed,
  useAuthorPosts,
  useSinglePost,
  newPostProblem,
  createPost,
  setLiked,
  deletePost,
  COMMENT_DELETE_BATCH_SIZE,
} from './data/posts';
export type { NewPost } from './data/posts';
export { commentsQuery, useComments, isSendableText, addComment, addReply } from './data/comments';
export {
  checkDob,
  formatDob,
  parseStoredDob,
  ordinalDay,
  daysInMonth,
  MONTH_ABBREVIATIONS,
} from './dob';
export type { DobFields, CalendarDate, DobCheck } from './dob';
export {
  profileUpdates,
  saveProfileUpdate,
  usernameProblem,
  changeProfileImage,
} from './data/profile';
export type { ProfileUpdate, ProfileImageKind } from './data/profile';
export {
  setFollowing,
  repairFollow,
  repairUnfinishedFollows,
  unfinishedFollowTargets,
  planFollow,
  useFollowStatus,
  firestoreFollowBackend,
  FollowError,
  FOLLOW_RETRY,
} from './data/follows';
export type {
  FollowWrite,
  FollowState,
  FollowBackend,
  FollowRetry,
  FollowStatus,
} from './data/follows';
export {
  newAccountDocuments,
  createAccountDocuments,
  ensureAccountDocuments,
} from './data/accounts';
export type { AccountDocuments, AccountCollection } from './data/accounts';
