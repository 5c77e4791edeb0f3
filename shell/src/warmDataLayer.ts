/**
 * Fetches the data layer (`shared-firebase`, with Firestore) ahead of need: the sign-in screens
 * do not load it, but signing in writes through it and the feed reads through it. Only a head
 * start: a failure is left to the real use, which reports it.
 */
export function warmDataLayer(): void {
  import('shared-firebase').catch(() => undefined);
}
