import type { User } from 'firebase/auth';
import { useSyncExternalStore } from 'react';
import { loadFirebaseSdk } from './firebaseApp';

/** Local storage key of the persisted session, which pages of earlier versions read too. */
export const SESSION_STORAGE_KEY = 'TOKEN';

export interface SessionUser {
  uid: string;
  email: string | null;
  /**
   * Whether the member's ID token carries the Auth custom claim `moderator: true`; absent until
   * the token's claims are read, just after sign-in and after each token refresh.
   */
  moderator?: boolean;
}

/** Where the session is: loading, signed in (with the member) or signed out. */
export type SessionState =
  { status: 'loading' } | { status: 'signedOut' } | { status: 'signedIn'; user: SessionUser };

/** What is persisted under local storage key TOKEN (docs/DATA_MODEL.md). */
export interface PersistedSession {
  loginState: boolean;
  uid: string;
  token: string;
  refToken: string;
}

type Listener = () => void;

let state: SessionState = { status: 'loading' };
const listeners = new Set<Listener>();
let following: Promise<void> | null = null;
let stopFollowing: (() => void) | null = null;
let stopListeningToOtherTabs: (() => void) | null = null;

function setState(next: SessionState): void {
  state = next;
  for (const listener of listeners) listener();
}

export function readPersistedSession(): PersistedSession | null {
  try {
    const raw = localStorage.getItem(SESSION_STORAGE_KEY);
    return raw ? (JSON.parse(raw) as PersistedSession) : null;
  } catch {
    return null;
  }
}

/** Whether this browser holds a signed-in session: decides, before Firebase loads, what comes first. */
export function hasPersistedSession(): boolean {
  return readPersistedSession()?.loginState === true;
}

async function persist(user: User | null): Promise<void> {
  if (!user) {
    localStorage.removeItem(SESSION_STORAGE_KEY);
    return;
  }
  const session: PersistedSession = {
    loginState: true,
    uid: user.uid,
    token: await user.getIdToken(),
    refToken: user.refreshToken,
  };
  localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
}

/**
 * Loads Firebase (once) and follows its session: every sign-in, sign-out and token refresh updates
 * the state and the TOKEN entry. Sign-in and sign-up call this first; a failed load is tried again
 * at the next call.
 */
export function followFirebaseSession(): Promise<void> {
  if (!following) {
    const attempt = loadFirebaseSdk().then(({ handles, sdk }) => {
      stopFollowing = sdk.onIdTokenChanged(handles.auth, (user) => {
        void persist(user);
        setState(
          user
            ? { status: 'signedIn', user: { uid: user.uid, email: user.email } }
            : { status: 'signedOut' },
        );
        if (user) void readClaims(user);
      });
    });
    following = attempt;
    attempt.catch(() => {
      if (following === attempt) following = null;
    });
  }
  return following;
}

/** Adds the token's custom claims to the session, if the same member is still signed in. */
async function readClaims(user: User): Promise<void> {
  let moderator = false;
  try {
    moderator = (await user.getIdTokenResult()).claims.moderator === true;
  } catch {
    // Offline or signed out meanwhile: no role is assumed.
  }
  if (state.status === 'signedIn' && state.user.uid === user.uid) {
    setState({ status: 'signedIn', user: { ...state.user, moderator } });
  }
}

/**
 * Fetches a fresh ID token for the signed-in member, so a role granted or revoked since their
 * token was issued (Auth custom claims reach the page only in a new token) shows at once. The
 * session follows through its token listener.
 */
export async function refreshSessionClaims(): Promise<void> {
  const { handles } = await loadFirebaseSdk();
  await handles.auth.currentUser?.getIdToken(true);
}

/**
 * Starts the page's session; the shell calls it once at start. With a session persisted in TOKEN,
 * Firebase loads at once and the state is 'loading' until it has restored the member. Without one,
 * nobody is signed in on this browser: the state is 'signedOut' at once, and Firebase's code loads
 * only when the visitor signs in or up (so the sign-in screens show without it). Rejects when
 * Firebase's code cannot be loaded for a persisted session.
 */
export function startSession(): Promise<void> {
  if (!stopListeningToOtherTabs) {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== SESSION_STORAGE_KEY) return;
      // Another tab signed out: follow it at once rather than at Firebase's next poll.
      if (event.newValue === null && state.status === 'signedIn') void signOut();
      // Another tab signed in: Firebase (which this tab may not have loaded yet) has the member.
      if (event.newValue !== null && state.status === 'signedOut') {
        followFirebaseSession().catch((error: unknown) => console.error(error));
      }
    };
    window.addEventListener('storage', onStorage);
    stopListeningToOtherTabs = () => window.removeEventListener('storage', onStorage);
  }
  if (hasPersistedSession()) return followFirebaseSession();
  if (state.status === 'loading') setState({ status: 'signedOut' });
  return Promise.resolve();
}

export function getSession(): SessionState {
  return state;
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current session; re-renders on every change. Works in every React root on the page. */
export function useSession(): SessionState {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

/**
 * The signed-in member's uid, or null while the session loads or when signed out (the shell mounts
 * protected remotes only for members; a remote's standalone page may not).
 */
export function useSignedInUid(): string | null {
  const session = useSession();
  return session.status === 'signedIn' ? session.user.uid : null;
}

/** Signs out and clears the persisted session. Errors are only logged: the member is out either way. */
export async function signOut(): Promise<void> {
  localStorage.removeItem(SESSION_STORAGE_KEY);
  try {
    const { handles, sdk } = await loadFirebaseSdk();
    await sdk.signOut(handles.auth);
  } catch (error) {
    console.error('Sign out failed', error);
  }
}

/** For tests: stop following Firebase and put the session in a given state (subscribers see it). */
export function resetSessionForTests(next: SessionState = { status: 'loading' }): void {
  stopFollowing?.();
  stopFollowing = null;
  following = null;
  stopListeningToOtherTabs?.();
  stopListeningToOtherTabs = null;
  setState(next);
}
