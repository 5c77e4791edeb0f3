import { registerRemotes, loadRemote } from '@module-federation/enhanced/runtime';
import { signInWithEmailAndPassword } from 'firebase/auth';
import { StrictMode, useState } from 'react';
import type { FormEvent } from 'react';
import { createRoot } from 'react-dom/client';
import { patchHistoryApi, mountRootParcel } from 'single-spa';
import {
  fetchRuntimeConfig,
  followFirebaseSession,
  initFirebase,
  loadFirebase,
  signOut,
  startSession,
  useSession,
} from 'shared-firebase/session';
import { Button, RemoteParcel, TextField } from 'shared-ui';
import type { RemoteAppProps, RemoteLifecycles } from 'shared-ui';
import 'shared-ui';

/**
 * A minimal host page for running one remote alone on its own dev server: the remote's team signs
 * in here (Firebase sessions are per origin) and sees the remote mounted exactly as the shell
 * mounts it, with other remotes reachable through remotes.json.
 */
export async function startStandalone(options: {
  title: string;
  load: () => Promise<{ default: RemoteLifecycles<RemoteAppProps> }>;
}) {
  patchHistoryApi();
  document.title = `${options.title} (standalone)`;
  initFirebase(await fetchRuntimeConfig());
  await startSession();
  const registry = (await (await fetch('/remotes.json', { cache: 'no-cache' })).json()) as Record<
    string,
    string
  >;
  registerRemotes(Object.entries(registry).map(([name, entry]) => ({ name, entry })));
  const load = () => options.load().then((module) => module.default);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <StandaloneBar title={options.title} />
      <RemoteParcel<RemoteAppProps>
        label={options.title}
        load={load}
        mountParcel={mountRootParcel}
        parcelProps={{ loadRemoteModule: (id) => loadRemote(id) }}
      />
    </StrictMode>,
  );
}

function StandaloneBar({ title }: { title: string }) {
  const session = useSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    // The session follows Firebase first, so it is signed in as soon as Firebase is.
    followFirebaseSession()
      .then(loadFirebase)
      .then(({ auth }) => signInWithEmailAndPassword(auth, email, password))
      .catch((caught: Error) => setError(caught.message));
  };

  return (
    <header className="ui-card" style={{ margin: 0, borderRadius: 0 }}>
      <strong>{title} — standalone</strong>{' '}
      {session.status === 'signedIn' ? (
        <>
          <span>Signed in as {session.user.email}</span>{' '}
          <Button variant="secondary" onClick={() => void signOut()}>
            Sign out
          </Button>
        </>
      ) : (
        <form onSubmit={submit} style={{ display: 'flex', gap: 8, alignItems: 'end' }}>
          <TextField
            label="Email"
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <TextField
            label="Password"
            type="password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <Button type="submit">Sign in</Button>
          {error ? <span role="alert">{error}</span> : null}
        </form>
      )}
    </header>
  );
}
