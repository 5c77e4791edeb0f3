// `shared-firebase/session`: what a page needs before any data — the runtime config, the Firebase
// app and Auth, the session, sign-in and sign-up, messages and constants. It loads no Firestore or
// Storage code, so the shell's guard and the sign-in screens stay small, and the Firebase app and
// Auth load only for a persisted session or a sign-in (docs/PERFORMANCE.md). It exports what its
// consumers use, no more; each name is documented where it is defined.

// Start-up: the shell and the standalone page.
export { fetchRuntimeConfig } from './config';
export { initFirebase, getFirebase } from './app';

// Limits shown or checked by the forms (SPEC section 9).
export {
  ABOUT_MAX_LENGTH,
  CAPTION_MAX_LENGTH,
  COMMENT_MAX_LENGTH,
  DOB_FIELD_LENGTHS,
  EXPLORE_PAGE_SIZE,
  IMAGE_MAX_BYTES,
  MEMBERS_PAGE_SIZE,
  PASSWORD_MIN_LENGTH,
  MEMBER_SEARCH_DEBOUNCE_MS,
  UNREAD_SHOWN_MAX,
  USERNAME_MAX_LENGTH,
} from './constants';
export { MESSAGES } from './messages';
// What a member search ranges over, for the search field (plain text handling, no SDK).
export { searchPrefixOf } from './searchName';

// The session, in every React root.
export {
  startSession,
  followFirebaseSession,
  useSession,
  useSignedInUid,
  signOut,
  hasPersistedSession,
  resetSessionForTests,
} from './session';
export type { SessionState } from './session';

// Sign-in and sign-up (the auth remote).
export {
  authErrorCode,
  signInErrorMessage,
  signUpErrorMessage,
  AccountDocumentsError,
  signInMember,
  signUpMember,
  completeSignUp,
} from './auth';

// Password reset (the auth remote) and the Auth side of deleting an account (the profile remote).
export { requestPasswordReset, checkPasswordResetCode, confirmNewPassword } from './passwordReset';
export type { ResetRequestOutcome } from './passwordReset';
export { confirmPassword, deleteSignedInAccount } from './accountAuth';
