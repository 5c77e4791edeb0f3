import { matchPath } from 'react-router-dom';
import { REMOTE_NAMES } from 'remote-list';
import type { Access, RemoteName, RemoteRoute } from 'remote-list';
import REMOTES from 'remote-list/remotes.json';

export type { Access, RemoteName };
export { REMOTE_LABELS } from 'remote-list';

export interface RouteEntry {
  path: string;
  /** The remote that renders this route; null for the shell's own 404 page. */
  remote: RemoteName | null;
  access: Access;
}

/**
 * Which remote owns which path (docs/PRODUCT.md "Screens"): every route of the list of remotes
 * (remote-list/remotes.json, where each remote's router reads its paths too), and the shell's own
 * 404 page. Anything else is the 404 page.
 */
export const ROUTES: readonly RouteEntry[] = [
  ...REMOTE_NAMES.flatMap((remote) =>
    Object.values(REMOTES[remote].routes as Record<string, RemoteRoute>).map((route) => ({
      ...route,
      remote,
    })),
  ),
  { path: '/404', remote: null, access: 'protected' },
];

const NOT_FOUND: RouteEntry = { path: '*', remote: null, access: 'protected' };

/** Access kinds only members reach: a signed-out visitor goes to the login page. */
export function needsMember(access: Access): boolean {
  return access === 'protected' || access === 'moderator';
}

export function resolveRoute(pathname: string): RouteEntry {
  return ROUTES.find((route) => matchPath({ path: route.path, end: true }, pathname)) ?? NOT_FOUND;
}

export const LOGIN_PATH = REMOTES.auth.routes.login.path;
export const HOME_PATH = REMOTES.feed.routes.home.path;
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
  if (needsMember(access) && !signedIn) return 'auth';
  if (access === 'guestOnly' && signedIn) return 'feed';
  return remote;
}

/** The remote a signed-in page is likely to need next, to preload when the member shows intent. */
export const NEXT_REMOTE_AFTER_SIGN_IN: RemoteName = 'feed';

/** A route the shell links to from the top bar (`nav`) or the account menu (`menu`). */
export interface LinkedRoute {
  path: string;
  text: string;
  remote: RemoteName;
  access: Access;
}

function linkedRoutes(kind: 'nav' | 'menu'): readonly LinkedRoute[] {
  return REMOTE_NAMES.flatMap((remote) =>
    Object.values(REMOTES[remote].routes as Record<string, RemoteRoute>).flatMap((route) => {
      const text = route[kind];
      return text ? [{ path: route.path, text, remote, access: route.access }] : [];
    }),
  );
}

/** The top bar's links that remotes' entries in remote-list/remotes.json ask for, in list order. */
export const NAV_ROUTES = linkedRoutes('nav');
/** The account menu's items that remotes' entries ask for, in list order. */
export const MENU_ROUTES = linkedRoutes('menu');

/** Whether the signed-in member may visit a route of this access kind (undefined: not known yet). */
export function memberMayVisit(
  access: Access,
  moderator: boolean | undefined,
): boolean | undefined {
  if (access !== 'moderator') return true;
  return moderator;
}
