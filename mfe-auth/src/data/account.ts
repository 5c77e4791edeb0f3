// Signing in and up: Firebase Auth, then the member's documents. Loaded by ./index.ts at the first
// call, so the sign-in screens show before any Firebase code has loaded (docs/PERFORMANCE.md).
import {
  createUserWithEmailAndPassword,
  signInWithEmailAndPassword,
  updateProfile,
} from 'firebase/auth';
import {
  followFirebaseSession,
  loadFirebase,
  signOut,
  USERNAME_MAX_LENGTH,
} from 'shared-firebase/session';
import { AccountDocumentsError, UserNameTakenError } from './authErrors';
import { createAccountDocuments, ensureAccountDocuments, userNameTaken } from './accountDocuments';

/** How long a sign-up or repair write may take before the member is told it failed. */
export const ACCOUNT_DOCUMENTS_TIMEOUT_MS = 15_000;

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
  const { auth } = await loadFirebase();
  const { user } = await signInWithEmailAndPassword(auth, email, password);
  const userName = repairUserName(user);
  try {
    await withTimeout(ensureAccountDocuments(user.uid, userName), ACCOUNT_DOCUMENTS_TIMEOUT_MS);
  } catch (reason) {
    await signOut();
    throw new AccountDocumentsError(user.uid, userName, reason);
  }
  return user.uid;
}

/**
 * Creates the Auth account, then its documents in one batch (docs/DATA_MODEL.md "Sign-up").
 * Resolves with the uid; rejects with UserNameTakenError when another member holds the name (no
 * account is created), with the Firebase error of the account creation, or with an
 * AccountDocumentsError while the member stays signed in (retry with `completeSignUp`).
 */
export async function signUpMember(
  userName: string,
  email: string,
  password: string,
): Promise<string> {
  await followFirebaseSession();
  const { auth } = await loadFirebase();
  // Before the account exists, so a taken name leaves nothing behind; the sign-up batch's claim
  // still refuses a name taken in between.
  if (await userNameTaken(userName)) throw new UserNameTakenError(userName);
  const { user } = await createUserWithEmailAndPassword(auth, email, password);
  // Kept on the Auth account too, so a repair at a later sign-in uses the chosen name.
  void updateProfile(user, { displayName: userName }).catch((error: unknown) =>
    console.warn('Could not store the display name', error),
  );
  try {
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
    await withTimeout(ensureAccountDocuments(uid, userName), ACCOUNT_DOCUMENTS_TIMEOUT_MS);
  } catch (reason) {
    throw new AccountDocumentsError(uid, userName, reason);
  }
}
