import type * as DataLayer from 'shared-firebase';
import { loadFirebaseSdk } from './app';
import { USERNAME_MAX_LENGTH } from './constants';
import { MESSAGES } from './messages';
import { followFirebaseSession, signOut } from './session';

/**
 * The data layer (and Firestore with it) through the federation share scope: the sign-in and
 * sign-up screens show without it, and it is fetched only when an account's documents are written.
 */
function loadDataLayer(): Promise<typeof DataLayer> {
  return import('shared-firebase');
}

/** How long a sign-up or repair write may take before the member is told it failed. */
export const ACCOUNT_DOCUMENTS_TIMEOUT_MS = 15_000;

/** The `auth/...` code of a Firebase error, or null for anything else. */
export function authErrorCode(error: unknown): string | null {
  if (typeof error !== 'object' || error === null || !('code' in error)) return null;
  const { code } = error as { code: unknown };
  return typeof code === 'string' && code.startsWith('auth/') ? code : null;
}

/** SPEC section 8 for sign-in; null means "no message, only the red state". */
export function signInErrorMessage(error: unknown): string | null {
  switch (authErrorCode(error)) {
    case 'auth/wrong-password':
      return MESSAGES.incorrectPassword;
    case 'auth/user-not-found':
      return MESSAGES.incorrectEmail;
    case 'auth/invalid-credential':
      return MESSAGES.incorrectCredentials;
    default:
      return null;
  }
}

/** SPEC section 8 for sign-up; null means "no message, only the red state". */
export function signUpErrorMessage(error: unknown): string | null {
  return authErrorCode(error) === 'auth/email-already-in-use' ? MESSAGES.userAlreadyExists : null;
}

/**
 * The account exists in Auth but its documents could not be written. Sign-up offers a retry with
 * `completeSignUp(uid, userName)`; sign-in signs the member out again before throwing this.
 */
export class AccountDocumentsError extends Error {
  constructor(
    readonly uid: string,
    readonly userName: string,
    readonly reason: unknown,
  ) {
    super(`The documents of account ${uid} could not be written.`);
    this.name = 'AccountDocumentsError';
  }
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`No answer within ${ms} ms.`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** At most USERNAME_MAX_LENGTH UTF-16 units, never splitting a character. */
function clipUserName(name: string): string {
  let clipped = '';
  for (const character of name) {
    if (clipped.length + character.length > USERNAME_MAX_LENGTH) break;
    clipped += character;
  }
  return clipped.trim();
}

/**
 * The name a repaired account gets: the one chosen at sign-up (kept as the Auth display name),
 * else the e-mail's local part. The member can change it on the edit screen.
 */
export function repairUserName(user: { displayName: string | null; email: string | null }): string {
  for (const candidate of [user.displayName, user.email?.split('@')[0]]) {
    const name = clipUserName(candidate?.trim() ?? '');
    if (name) return name;
  }
  return 'Member';
}

/**
 * Signs in, then makes sure the member's documents exist (a sign-up whose batch failed is repaired
 * here). If that repair fails the member is signed out again, so nobody uses the app without their
 * documents. Resolves with the uid; rejects with the Firebase error or an AccountDocumentsError.
 */
export async function signInMember(email: string, password: string): Promise<string> {
  // Followed before signing in, so the session is signed in as soon as Firebase is.
  await followFirebaseSession();
  const { handles, sdk } = await loadFirebaseSdk();
  const { user } = await sdk.signInWithEmailAndPassword(handles.auth, email, password);
  const userName = repairUserName(user);
  try {
    const { ensureAccountDocuments } = await loadDataLayer();
    await withTimeout(ensureAccountDocuments(user.uid, userName), ACCOUNT_DOCUMENTS_TIMEOUT_MS);
  } catch (reason) {
    await signOut();
    throw new AccountDocumentsError(user.uid, userName, reason);
  }
  return user.uid;
}

/**
 * Creates the Auth account, then its documents in one batch (docs/DATA_MODEL.md "Sign-up").
 * Resolves with the uid; rejects with the Firebase error of the account creation, or with an
 * AccountDocumentsError while the member stays signed in (retry with `completeSignUp`).
 */
export async function signUpMember(
  userName: string,
  email: string,
  password: string,
): Promise<string> {
  await followFirebaseSession();
  const { handles, sdk } = await loadFirebaseSdk();
  const { user } = await sdk.createUserWithEmailAndPassword(handles.auth, email, password);
  // Kept on the Auth account too, so a repair at a later sign-in uses the chosen name.
  void sdk
    .updateProfile(user, { displayName: userName })
    .catch((error: unknown) => console.warn('Could not store the display name', error));
  try {
    const { createAccountDocuments } = await loadDataLayer();
    await withTimeout(createAccountDocuments(user.uid, userName), ACCOUNT_DOCUMENTS_TIMEOUT_MS);
  } catch (reason) {
    throw new AccountDocumentsError(user.uid, userName, reason);
  }
  return user.uid;
}

/**
 * Retries a failed sign-up's documents. Creates only the missing ones: the first batch may have
 * reached the server after all, and the rules forbid the owner to rewrite `Followers/{uid}`.
 */
export async function completeSignUp(uid: string, userName: string): Promise<void> {
  try {
    const { ensureAccountDocuments } = await loadDataLayer();
    await withTimeout(ensureAccountDocuments(uid, userName), ACCOUNT_DOCUMENTS_TIMEOUT_MS);
  } catch (reason) {
    throw new AccountDocumentsError(uid, userName, reason);
  }
}
