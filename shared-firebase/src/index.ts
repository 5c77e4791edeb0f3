// `shared-firebase`: the platform every team's data code stands on — the page's Firestore and
// Storage, the typed wire contract of every collection, the generic live-query and paging hooks,
// the media pipeline — plus everything of `shared-firebase/session`. No feature's queries or
// writes: those live in the team's own folder (`mfe-<team>/src/data/`). It exports what its
// consumers use, no more; each name is documented where it is defined.

// The session entry, through its file: the build shares that file by its path, so this entry and
// the session entry hold one session module on the page (tools/build-config/federation.cjs).
export * from './session';

// The wire contract: the data model's document types, collection names and typed references.
export {
  COLLECTIONS,
  ACTIVITY_ITEMS,
  STORAGE_FOLDERS,
  ACCOUNT_DELETION_STEPS,
  MODERATION_ACTIONS,
  TIMELINE_ENTRIES,
  PULLED_AUTHORS_BOUND,
} from './model';
export type {
  AccountDeletionMark,
  AccountDeletionStepId,
  ActivityItem,
  Comment,
  ExplorePost,
  FollowEdge,
  FollowersDoc,
  LikeEdge,
  ModerationAction,
  ModerationActionKind,
  ModerationCase,
  MemberCard,
  Post,
  PostCard,
  PostEdit,
  Reply,
  Report,
  ReportReason,
  ReportTarget,
  SavedPost,
  TagCount,
  TagDay,
  TimelineEntry,
  UserData,
  UserInfo,
  WithId,
} from './model';
export { getDb } from './db';
export {
  typedCollection,
  typedDoc,
  usersDataCollection,
  userDataRef,
  followingRef,
  followersRef,
  followEdgeRef,
  likeEdgeRef,
  postsCollection,
  postRef,
  postCardsCollection,
  postCardRef,
  memberCardsCollection,
  explorePostsCollection,
  explorePostRef,
  tagDaysCollection,
  commentsCollection,
  commentRef,
  accountDeletionRef,
  activityItemsCollection,
  activityItemRef,
  postEditsCollection,
  postEditRef,
  savedPostsCollection,
  savedPostRef,
  timelineRef,
  timelineEntriesCollection,
  userNameClaimRef,
  nameReviewRef,
} from './refs';
export { MAX_BATCH_WRITES, POSTS_LIST_BOUND } from './constants';

// What every writer of the contract must agree on.
export { searchNameOf, searchRangeEnd, storedUserName } from './searchName';
export { newAccountDocuments } from './data/accountDocuments';
export { memberTag, userNameClaimId } from './userNames';
export { addPostTombstone } from './data/postTombstone';
export { REPORT_REASONS, reportErrorMessage, submitReport } from './data/reports';
export { firstTrendingDay, TRENDING_DAYS } from './data/tagDays';
export { hiddenBySuspension, replyHiddenBySuspension } from './data/suspension';
export { replyKey } from './data/replyKey';
export { setBlocked, setMuted } from './data/blockEdges';

// Whom the signed-in member does not see: every reader filters with it.
export {
  isBlockedEitherWay,
  isHiddenInFeed,
  isMemberHidden,
  useHiddenMembers,
} from './data/hiddenMembers';
export type { HiddenMembers } from './data/hiddenMembers';

// Reading a member, as every team shows members.
export { useMember } from './data/useMember';
export { noteOwnMemberWrite, useOwnMember } from './data/ownMemberWrites';
export { memberShown } from './memberShown';
export { postTileSources, postPhotoBox, profilePictureSources } from './media/sources';

// Generic hooks.
export { useLiveDocument } from './hooks/useLiveDocument';
export type { LiveDocument } from './hooks/useLiveDocument';
export { useLiveQuery } from './hooks/useLiveQuery';
export type { LiveQuery } from './hooks/useLiveQuery';
export { usePagedQuery } from './hooks/usePagedQuery';
export { useCardPages, useLiveCard } from './hooks/useCards';
export type { PagedQuery } from './hooks/usePagedQuery';
export { useWithoutHidden } from './hooks/useWithoutHidden';
export { useWithoutSuspended } from './hooks/useWithoutSuspended';
export { useBrowserOnline, waitUntilBrowserOnline } from './connectivity/browserOnline';

// The media pipeline: pictures in the contract's sizes.
export { checkImageFile, deleteStoredFiles, ImageUnreadableError, uploadImage } from './upload';
export type { UploadedImage } from './upload';
