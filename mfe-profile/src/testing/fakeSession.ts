import type { SessionState } from 'shared-firebase';

/** A signed-in session for `useSession` fakes. */
export function signedIn(uid: string): SessionState {
  return { status: 'signedIn', user: { uid, email: `${uid}@example.test` } };
}
