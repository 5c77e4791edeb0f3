import { useCallback, useRef } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useSession } from 'shared-firebase/session';
import { Spinner } from 'shared-ui';
import { NotFound } from './NotFound';
import { RemoteArea } from './RemoteArea';
import { RoleGate } from './RoleGate';
import { TopBar } from './TopBar';
import { NEXT_REMOTE_AFTER_SIGN_IN, resolveRoute } from './routes';
import type { RemoteName } from './routes';
import { preloadRemoteApp } from './remotes/federation';
import type { FederationRuntime } from './remotes/federation';
import type { RemoteRegistry } from './remotes/registry';
import { useGuardRedirect } from './useGuardRedirect';
import { warmSignIn } from './warmSignIn';

export interface AppProps {
  registry: RemoteRegistry;
  runtime?: FederationRuntime;
}

/**
 * The page frame. The guard decides before anything protected renders, so a signed-out visitor
 * never sees a flash of a protected page; the top bar and guard never wait for a remote.
 */
export function App({ registry, runtime }: AppProps) {
  const session = useSession();
  const location = useLocation();
  const redirect = useGuardRedirect(session);
  const preloaded = useRef(new Set<RemoteName>());
  const preload = useCallback(
    (name: RemoteName) => {
      if (preloaded.current.has(name)) return;
      preloaded.current.add(name);
      preloadRemoteApp(name, registry, runtime);
    },
    [registry, runtime],
  );
  // A visitor who starts filling in the sign-in form will need Firebase, the data layer and the
  // feed next.
  const prepareForSignIn = useCallback(() => {
    warmSignIn();
    preload(NEXT_REMOTE_AFTER_SIGN_IN);
  }, [preload]);

  if (session.status === 'loading') {
    return (
      <main className="shell-main ui-page" aria-busy="true">
        <Spinner label="Loading…" />
      </main>
    );
  }
  if (redirect) return <Navigate to={redirect} replace />;

  const route = resolveRoute(location.pathname);
  return (
    <>
      {session.status === 'signedIn' ? (
        <TopBar uid={session.user.uid} moderator={session.user.moderator} onIntent={preload} />
      ) : null}
      <main
        className="shell-main"
        onFocusCapture={route.remote === 'auth' ? prepareForSignIn : undefined}
      >
        {route.remote && session.status === 'signedIn' && route.access === 'moderator' ? (
          <RoleGate access={route.access} session={session}>
            <RemoteArea name={route.remote} registry={registry} runtime={runtime} />
          </RoleGate>
        ) : route.remote ? (
          // Keyed by remote: moving between two routes of one remote keeps it mounted, and its own
          // router follows the URL.
          <RemoteArea
            key={route.remote}
            name={route.remote}
            registry={registry}
            runtime={runtime}
          />
        ) : (
          <NotFound />
        )}
      </main>
    </>
  );
}
