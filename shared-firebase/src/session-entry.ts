// `shared-firebase/session`: what a page needs before any data — the runtime config, the Firebase
// app and Auth, the session, sign-in and sign-up, messages and constants. It loads no Firestore or
// Storage code, so the shell's guard and the sign-in screens stay small, and the Firebase app and
// Auth load only for a persisted session or a sign-in (docs/PERFORMANCE.md).
export { fetchRuntimeConfig, RUNTIME_CONFIG_PATH } from './config';
export type { RuntimeConfig } from './config';
export { initFirebase, loadFirebase, getFirebase } from './app';
export type { FirebaseHandles } from './app';
export * from './constants';
export { MESSAGES } from './messages';
export type { MessageKey } from './messages';
export {
  startSession,
  followFirebaseSession,
  useSession,
  useSignedInUid,
  getSession,
  subscribeSession,
  signOut,
  readPersistedSession,
  hasPersistedSession,
  resetSessionForTests,
} from './session';
export type { SessionState, SessionUser, PersistedSession } from './session';
export {
  ACCOUNT_DOCUMENTS_TIMEOUT_MS,
  authErrorCode,
  signInErrorMessage,
  signUpErrorMessage,
  AccountDocumentsError,
  repairUserName,
  signInMember,
  signUpMember,
  completeSignUp,
} from './auth';
