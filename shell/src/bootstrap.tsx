import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { patchHistoryApi } from 'single-spa';
import {
  fetchRuntimeConfig,
  hasPersistedSession,
  initFirebase,
  startSession,
} from 'shared-firebase/session';
import 'shared-ui';
import { App } from './App';
import { releaseFirstPaint } from './firstPaint/releaseFirstPaint';
import { PRODUCT_NAME } from './product';
import { fetchRegistry, parseRegistry } from './remotes/registry';
import { preloadRemoteApp, registerRegistry } from './remotes/federation';
import { firstRemoteFor } from './routes';

const START_FAILED = 'The app could not start. Please reload the page.';

// Before any router mounts: every pushState/replaceState then fires popstate, so the shell's router
// and each remote's own router all see every navigation.
patchHistoryApi();

async function start() {
  document.title = PRODUCT_NAME;
  releaseFirstPaint();
  const root = createRoot(document.getElementById('root')!);
  const [config, registry] = await Promise.all([
    fetchRuntimeConfig(),
    // Without remotes.json the frame still works: every remote area shows its fallback.
    fetchRegistry().catch((error: unknown) => {
      console.error(error);
      return parseRegistry({});
    }),
  ]);
  initFirebase(config);
  const session = startSession();
  registerRegistry(registry);
  // Firebase has not restored the session yet; the persisted one tells which remote comes first, so
  // its files load while the session resolves instead of after.
  const firstRemote = firstRemoteFor(window.location.pathname, hasPersistedSession());
  if (firstRemote) preloadRemoteApp(firstRemote, registry);
  root.render(
    <StrictMode>
      <BrowserRouter>
        <App registry={registry} />
      </BrowserRouter>
    </StrictMode>,
  );
  // A persisted session that Firebase's code could not be loaded for: nothing can be shown.
  session.catch((error: unknown) => {
    console.error(error);
    root.render(<p role="alert">{START_FAILED}</p>);
  });
}

start().catch((error: unknown) => {
  console.error(error);
  const root = document.getElementById('root');
  if (root) root.textContent = START_FAILED;
});
