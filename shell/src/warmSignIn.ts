import { followFirebaseSession } from 'shared-firebase/session';

/**
 * Fetches what signing in needs ahead of need, when a visitor starts filling in the form: Firebase's
 * app and Auth (the sign-in screens show without them) and the data layer (`shared-firebase`, with
 * Firestore), which signing in writes through and the feed reads through. Only a head start: a
 * failure is left to the real use, which reports it.
 */
export function warmSignIn(): void {
  followFirebaseSession().catch(() => undefined);
  import('shared-firebase').catch(() => undefined);
}
