// What the teams' Cloud Functions codebases take from the platform (`shared-firebase/server`):
// code that runs in Node on the server, never in a page. Nothing here imports the web SDK or
// React; the functions' bundles take only what they use.
export {
  ACCOUNT_DELETION_STEPS,
  ACTIVITY_ITEMS,
  ACTIVITY_NOTICES,
  COLLECTIONS,
  MODERATION_ACTIONS,
  POST_EDITS,
  SAVED_POSTS,
  STORAGE_FOLDERS,
  TIMELINE_ENTRIES,
  PULLED_AUTHORS_BOUND,
} from './model';
export { SERVER_COLLECTIONS } from './serverCollections';
export type {
  AccountDeletionStepId,
  ModerationAction,
  ModerationCase,
  Report,
  TagCount,
} from './model';
export {
  LIKES_LIST_BOUND,
  MAX_BATCH_WRITES,
  POSTS_LIST_BOUND,
  REPORT_NOTE_MAX_LENGTH,
} from './constants';
export { likeEdgeId } from './data/likeEdges';
export { MAX_MENTIONS, MAX_STORED_MENTIONS } from './constants';
export { tagDayOf } from './data/tagDays';
export { AUTHOR_SUSPENDED, SUSPENDED_REPLIERS } from './data/suspension';
export { replyKey } from './data/replyKey';
export { userNameClaimId } from './userNames';
export { checkUploadedPicture } from './media/uploadedPictureCheck';
export {
  activityItemFields,
  commentItemId,
  followItemId,
  likeItemId,
  mentionItemId,
  replyItemId,
  type ActivityNotice,
  type MentionPlace,
} from './data/activityItems';
export { syncCounts } from './counts/syncCounts';
export type { SyncOutcome } from './counts/syncCounts';
export { countedDocument } from './counts/countedDocument';
export { committedIfUnchanged, GUARDED_ATTEMPTS } from './counts/guardedWrite';
export { syncCard } from './cards/syncCard';
export type { CardOutcome } from './cards/syncCard';
export { memberCardFields, postCardFields } from './cards/cardFields';
export { cardChanged } from './cards/cardChanged';
export { migrateCards } from './cards/migrateCards';
export type { CardMigration } from './cards/migrateCards';
export {
  COUNT_SHARDS,
  countEdgeOnce,
  countUnmarked,
  randomShard,
  sumOfShards,
  uncountMarked,
} from './counts/edgeCounter';
export type { CountedEdge, EdgeCountOutcome } from './counts/edgeCounter';
export {
  countedLike,
  countedLikes,
  countLikeEdge,
  likeCountShards,
  uncountMemberLikes,
} from './counts/likeCounter';
