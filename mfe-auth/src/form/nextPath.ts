export const HOME_PATH = '/';
export const NEXT_PARAM = 'next';

/** Pages a member would only be sent away from again (the shell's guard moves members on). */
const GUEST_ONLY_PATHS = new Set(['/login', '/signUp']);

/**
 * Where to go after sign-in: the `next` path the shell's guard remembered, if it is a path on this
 * site (a single leading '/', same origin after URL parsing, so `//evil.test` or `/\evil.test`
 * are refused); otherwise home.
 */
export function safeNextPath(next: string | null, origin: string = window.location.origin): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) {
    return HOME_PATH;
  }
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    return HOME_PATH;
  }
  if (url.origin !== origin || GUEST_ONLY_PATHS.has(url.pathname)) return HOME_PATH;
  return `${url.pathname}${url.search}${url.hash}`;
}
