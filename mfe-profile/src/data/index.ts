// The profile's data calls, as its screens use them: profile edits and pictures, following with
// the follow lists, and deleting the account. Component tests fake this module
// (testing/dataFake.ts); each call's own test fakes the SDK under it.
export { profileUpdates, saveProfileUpdate, usernameProblem, changeProfileImage } from './profile';
export type { ProfileImageKind } from './profile';
export { changeUserName, UserNameTakenError } from './names/changeUserName';
export { useNameChangeNeed } from './names/useNameChangeNeed';
export type { NameChangeNeed } from './names/useNameChangeNeed';
export { checkDob, formatDob, parseStoredDob } from './dob';
export type { DobFields } from './dob';
export { setFollowing, FollowError } from './follows';
export { useFollowersShown, useFollowStatus } from './useFollowStatus';
export type { FollowStatus } from './useFollowStatus';
export { storedCount, useFollowerUids, useFollowingUids } from './connections';
export { shownPostCount } from './postCount';
export type { LiveUidList } from './connections';
export { requestAccountDeletion } from './accountDeletion/requestDeletion';
export { deletionProgressOf } from './accountDeletion/deletionProgress';
export { leaveDeletedAccount } from './accountDeletion/leaveDeletedAccount';
export type { DeletionProgress } from './accountDeletion/deletionProgress';
export { useAccountDeletionMark } from './accountDeletion/useAccountDeletionMark';
