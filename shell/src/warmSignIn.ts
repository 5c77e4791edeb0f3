import { followFirebaseSession } from 'shared-firebase/session';

/**
 * Fetches the data layer (`shared-firebase`, with Firestore) ahead of need: every member's page and
 * the top bar read through it. Only a head start: a failure is left to the real use, which reports it.
 */
export function warmDataLayer(): void {
  import('shared-firebase').catch(() => undefined);
}

/**
 * Fetches what signing in needs ahead of need, when a visitor starts filling in the form: Firebase's
 * app and Auth (the sign-in screens show without them) and the data layer, which signing in writes
 * through and the feed reads through.
 */
export function warmSignIn(): void {
  followFirebaseSession().catch(() => undefined);
  warmDataLayer();
}
