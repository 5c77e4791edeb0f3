import { onIdTokenChanged, signOut as firebaseSignOut } from 'firebase/auth';
import type { User } from 'firebase/auth';
import { useSyncExternalStore } from 'react';
import { getFirebase } from './app';
import { SESSION_STORAGE_KEY } from './constants';

export interface SessionUser {
  uid: string;
  email: string | null;
}

export type SessionState =
  { status: 'loading' } | { status: 'signedOut' } | { status: 'signedIn'; user: SessionUser };

/** What SPEC section 3 persists under local storage key TOKEN. */
export interface PersistedSession {
  loginState: boolean;
  uid: string;
  token: string;
  refToken: string;
}

type Listener = () => void;

let state: SessionState = { status: 'loading' };
const listeners = new Set<Listener>();
let stopWatching: (() => void) | null = null;

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
 * Starts following Firebase's session: every sign-in, sign-out and token refresh updates the state
 * and the TOKEN entry. Idempotent; the shell calls it once at start.
 */
export function startSession(): void {
  if (stopWatching) return;
  const { auth } = getFirebase();
  const unsubscribe = onIdTokenChanged(auth, (user) => {
    void persist(user);
    setState(
      user
        ? { status: 'signedIn', user: { uid: user.uid, email: user.email } }
        : { status: 'signedOut' },
    );
  });
  // Another tab signing out removes TOKEN; follow it at once rather than at Firebase's next poll.
  const onStorage = (event: StorageEvent) => {
    if (
      event.key === SESSION_STORAGE_KEY &&
      event.newValue === null &&
      state.status === 'signedIn'
    ) {
      void signOut();
    }
  };
  window.addEventListener('storage', onStorage);
  stopWatching = () => {
    unsubscribe();
    window.removeEventListener('storage', onStorage);
  };
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

/** The signed-in member's uid; throws where a signed-in member is required but absent. */
export function useCurrentUid(): string {
  const session = useSession();
  if (session.status !== 'signedIn') throw new Error('useCurrentUid needs a signed-in member.');
  return session.user.uid;
}

/** Signs out and clears the persisted session. Errors are only logged (SPEC section 8). */
export async function signOut(): Promise<void> {
  localStorage.removeItem(SESSION_STORAGE_KEY);
  try {
    await firebaseSignOut(getFirebase().auth);
  } catch (error) {
    console.error('Sign out failed', error);
  }
}

/** For tests: stop following Firebase and put the session in a given state (subscribers see it). */
export function resetSessionForTests(next: SessionState = { status: 'loading' }): void {
  stopWatching?.();
  stopWatching = null;
  setState(next);
}
