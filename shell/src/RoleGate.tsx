import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { refreshSessionClaims } from 'shared-firebase/session';
import type { SessionState } from 'shared-firebase/session';
import { Spinner } from 'shared-ui';
import { NotFound } from './NotFound';
import { memberMayVisit } from './routes';
import type { Access } from './routes';

export interface RoleGateProps {
  access: Access;
  session: Extract<SessionState, { status: 'signedIn' }>;
  children: ReactNode;
}

/**
 * Renders a route only for members its access kind lets in. A role lives in the ID token's
 * custom claims, which change only with a new token: a member refused here is given one fresh
 * token first (a role granted since sign-in then shows), then the 404 page, which tells nothing of
 * the route.
 */
export function RoleGate({ access, session, children }: RoleGateProps) {
  const allowed = memberMayVisit(access, session.user.moderator);
  const [refresh, setRefresh] = useState<'none' | 'pending' | 'done'>('none');
  useEffect(() => {
    if (allowed !== false || refresh !== 'none') return;
    setRefresh('pending');
    refreshSessionClaims()
      .catch(() => undefined)
      .finally(() => setRefresh('done'));
  }, [allowed, refresh]);

  if (allowed) return <>{children}</>;
  if (allowed === undefined || refresh !== 'done') return <Spinner label="Loading…" />;
  return <NotFound />;
}
