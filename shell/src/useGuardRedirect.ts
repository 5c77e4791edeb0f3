import { useRef } from 'react';
import { useLocation } from 'react-router-dom';
import type { SessionState } from 'shared-firebase/session';
import { HOME_PATH, loginRedirectFor, needsMember, resolveRoute } from './routes';

/**
 * Where the route guard sends the visitor, or null to stay. Signed-out visitors of protected routes
 * go to /login. Members who *arrive* at /login or /signUp go to /; a member who signs in while on
 * those pages is moved on by the auth remote itself (to / or to /edit-profile after sign-up), so the
 * guard does not race it.
 */
export function useGuardRedirect(session: SessionState): string | null {
  const location = useLocation();
  const arrival = useRef<{ key: string; signedIn: boolean } | null>(null);
  if (session.status === 'loading') return null;
  if (arrival.current?.key !== location.key) {
    arrival.current = { key: location.key, signedIn: session.status === 'signedIn' };
  }
  const { access } = resolveRoute(location.pathname);
  if (needsMember(access) && session.status === 'signedOut') {
    return loginRedirectFor(`${location.pathname}${location.search}`);
  }
  if (access === 'guestOnly' && session.status === 'signedIn' && arrival.current.signedIn) {
    return HOME_PATH;
  }
  return null;
}
