import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { patchHistoryApi } from 'single-spa';
import {
  backendOrigins,
  fetchRuntimeConfig,
  hasPersistedSession,
  initFirebase,
  startSession,
} from 'shared-firebase/session';
import { LoadFailure } from 'shared-ui';
import { App } from './App';
import { releaseFirstPaint } from './firstPaint/releaseFirstPaint';
import { PRODUCT_NAME } from './product';
import { fetchRegistry, parseRegistry } from './remotes/registry';
import type { RemoteRegistry } from './remotes/registry';
import { preloadRemoteApp, registerRegistry } from './remotes/federation';
import { preconnect } from './preconnect';
import { firstRemoteFor } from './routes';
import { warmDataLayer } from './warmSignIn';

const START_FAILED = 'The app could not start.';

// Before any router mounts: every pushState/replaceState then fires popstate, so the shell's router
// and each remote's own router all see every navigation.
patchHistoryApi();

/** A start that failed, with a Retry that starts again in this page (no reload). */
function showStartFailure(root: Root, error: unknown, retry: () => void) {
  console.error(error);
  root.render(<LoadFailure message={START_FAILED} onRetry={retry} />);
}

/** Follows the session and shows the app; a session whose Firebase code cannot load can be retried. */
function runApp(root: Root, registry: RemoteRegistry) {
  const session = startSession();
  root.render(
    <StrictMode>
      <BrowserRouter>
        <App registry={registry} />
      </BrowserRouter>
    </StrictMode>,
  );
  // A remembered session whose Firebase code could not load: loading it again in this page works
  // because the federation runtime and webpack forget a failed shared module
  // (tools/build-config/retry-failed-shares-plugin.cjs, strictModuleExceptionHandling in
  // tools/build-config/webpack-app.cjs).
  session.catch((error: unknown) => showStartFailure(root, error, () => runApp(root, registry)));
}

async function start(root: Root) {
  const [config, registry] = await Promise.all([
    fetchRuntimeConfig(),
    // Without remotes.json the frame still works: every remote area shows its fallback.
    fetchRegistry().catch((error: unknown) => {
      console.error(error);
      return parseRegistry({});
    }),
  ]);
  initFirebase(config);
  registerRegistry(registry);
  // Firebase has not restored the session yet; the persisted one tells which remote comes first, so
  // its files load while the session resolves instead of after.
  const signedIn = hasPersistedSession();
  const firstRemote = firstRemoteFor(window.location.pathname, signedIn);
  if (firstRemote) preloadRemoteApp(firstRemote, registry);
  // A member's first view reads through the data layer: Firestore's code then loads while Auth
  // restores the session, rather than after it.
  if (signedIn) {
    preconnect(backendOrigins(config));
    warmDataLayer();
  }
  runApp(root, registry);
}

document.title = PRODUCT_NAME;
releaseFirstPaint();
const root = createRoot(document.getElementById('root')!);
const boot = () => {
  start(root).catch((error: unknown) => showStartFailure(root, error, boot));
};
boot();
