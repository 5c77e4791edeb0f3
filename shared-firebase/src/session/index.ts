// `shared-firebase/session`: what a page needs before any data — the runtime config, the Firebase
// app and Auth, the session, the messages several teams show and the limits of the data contract.
// It loads no Firestore or Storage code, so the shell's guard and the sign-in screens stay small,
// and the Firebase app and Auth load only for a persisted session or a sign-in
// (docs/PERFORMANCE.md). It exports what its consumers use, no more; each name is documented where
// it is defined.
//
// The page holds one copy of this module (a federation singleton): the data entry (../index.ts)
// reaches it through this file only, which the build shares by its path (tools/build-config/federation.cjs).

// Start-up (the shell and the standalone page), and the handles a team's own Auth calls take.
export { fetchRuntimeConfig, initFirebase, getFirebase, loadFirebase } from './firebaseApp';
export { backendOrigins } from './backendOrigins';
export type { BackendOrigin } from './backendOrigins';

// The session, in every React root.
export {
  startSession,
  followFirebaseSession,
  useSession,
  useSignedInUid,
  signOut,
  hasPersistedSession,
  resetSessionForTests,
  refreshSessionClaims,
} from './session';
export type { SessionState } from './session';

// The limits of the data contract (the rules hold the same) and the messages several teams show.
export {
  ABOUT_MAX_LENGTH,
  CAPTION_MAX_LENGTH,
  COMMENT_MAX_LENGTH,
  IMAGE_MAX_BYTES,
  MAX_MENTIONS,
  MAX_STORED_MENTIONS,
  REPORT_NOTE_MAX_LENGTH,
  USERNAME_MAX_LENGTH,
} from '../constants';
export { MESSAGES, userNameCharacterMessage } from '../messages';
export { authErrorCode, isPermissionDenied } from '../backendErrors';
// What a member search ranges over, for the search field (plain text handling, no SDK).
export { searchPrefixOf } from '../searchName';
// Which names sign-up refuses, before any Firebase code has loaded (plain text handling, no SDK).
export { userNameCharacterProblem } from '../userNames';
export type { UserNameCharacterProblem } from '../userNames';
