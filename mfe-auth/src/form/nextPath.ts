export const HOME_PATH = '/';
export const NEXT_PARAM = 'next';

/** Pages a member would only be sent away from again (the shell's guard moves members on). */
const GUEST_ONLY_PATHS = new Set(['/login', '/signUp']);

/** A path of this site as written: one leading '/', not '//' or '/\' (which name another host). */
function looksLikeOwnPath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');
}

/** The path the browser would go to for `path` (dot segments resolved), or null if off-site. */
function normalise(path: string, origin: string): string | null {
  if (!looksLikeOwnPath(path)) return null;
  let url: URL;
  try {
    url = new URL(path, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Where to go after sign-in: the `next` path the shell's guard remembered, if it is a path on this
 * site; otherwise home. The check runs again on the normalised result, because resolving dot
 * segments can turn a harmless-looking path into one that names another host ('/..//evil.test'
 * becomes '//evil.test'): only a path that normalises to itself is used.
 */
export function safeNextPath(next: string | null, origin: string = window.location.origin): string {
  if (!next) return HOME_PATH;
  const path = normalise(next, origin);
  if (path === null || normalise(path, origin) !== path) return HOME_PATH;
  const { pathname } = new URL(path, origin);
  return GUEST_ONLY_PATHS.has(pathname) ? HOME_PATH : path;
}
