import { matchPath } from 'react-router-dom';

export type RemoteName = 'auth' | 'feed' | 'profile' | 'explore' | 'members';

/** public: anyone; guestOnly: signed-out visitors (members go to /); protected: members only. */
export type Access = 'public' | 'guestOnly' | 'protected';

export interface RouteEntry {
  path: string;
  /** The remote that renders this route; null for the shell's own 404 page. */
  remote: RemoteName | null;
  access: Access;
}

/** Which remote owns which path (SPEC section 2). Anything else is the shell's 404 page. */
export const ROUTES: readonly RouteEntry[] = [
  { path: '/', remote: 'feed', access: 'protected' },
  { path: '/post/:postId', remote: 'feed', access: 'protected' },
  { path: '/login', remote: 'auth', access: 'guestOnly' },
  { path: '/signUp', remote: 'auth', access: 'guestOnly' },
  { path: '/profile/:userId', remote: 'profile', access: 'protected' },
  { path: '/edit-profile', remote: 'profile', access: 'protected' },
  { path: '/explore', remote: 'explore', access: 'protected' },
  { path: '/members', remote: 'members', access: 'protected' },
  { path: '/404', remote: null, access: 'protected' },
];

const NOT_FOUND: RouteEntry = { path: '*', remote: null, access: 'protected' };

export function resolveRoute(pathname: string): RouteEntry {
  return ROUTES.find((route) => matchPath({ path: route.path, end: true }, pathname)) ?? NOT_FOUND;
}

export const LOGIN_PATH = '/login';
export const HOME_PATH = '/';
export const NEXT_PARAM = 'next';

/** Where a signed-out visitor to `path` is sent: the login page, remembering where they were going. */
export function loginRedirectFor(path: string): string {
  return path === HOME_PATH
    ? LOGIN_PATH
    : `${LOGIN_PATH}?${NEXT_PARAM}=${encodeURIComponent(path)}`;
}

/**
 * The remote the visitor of `pathname` will see first, once the guard has decided: the sign-in
 * screens for a signed-out visitor of a protected page, the feed for a member arriving at them.
 */
export function firstRemoteFor(pathname: string, signedIn: boolean): RemoteName | null {
  const { access, remote } = resolveRoute(pathname);
  if (access === 'protected' && !signedIn) return 'auth';
  if (access === 'guestOnly' && signedIn) return 'feed';
  return remote;
}

/** The remote a signed-in page is likely to need next, to preload when the member shows intent. */
export const NEXT_REMOTE_AFTER_SIGN_IN: RemoteName = 'feed';

/** Human names of the remote areas, for loading and fallback messages. */
export const REMOTE_LABELS: Record<RemoteName, string> = {
  auth: 'Sign-in',
  feed: 'The feed',
  profile: 'Profiles',
  explore: 'Explore',
  members: 'Members',
};
