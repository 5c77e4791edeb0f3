// The comparison build for the benchmark (docs/PERFORMANCE.md): the same shell and every remote in
// one webpack bundle, without Module Federation. It reuses the shell's own App and
// bootstrap steps and hands it a "runtime" whose loadRemote returns the statically imported
// modules, so the only difference measured is federation and per-remote loading.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { patchHistoryApi } from 'single-spa';
import { fetchRuntimeConfig, initFirebase, startSession } from 'shared-firebase/session';
import 'shared-ui';
import { App } from 'shell/src/App';
import { PRODUCT_NAME } from 'shell/src/product';
import type { FederationRuntime } from 'shell/src/remotes/federation';
import type { RemoteRegistry } from 'shell/src/remotes/registry';
import * as authApp from 'mfe-auth/src/app';
import * as feedApp from 'mfe-feed/src/app';
import * as feedPostList from 'mfe-feed/src/post-list';
import * as feedTagPostList from 'mfe-feed/src/tag-post-list';
import * as profileApp from 'mfe-profile/src/app';
import * as exploreApp from 'mfe-explore/src/app';
import * as membersApp from 'mfe-members/src/app';
import * as activityApp from 'mfe-activity/src/app';

const MODULES: Record<string, unknown> = {
  'auth/app': authApp,
  'feed/app': feedApp,
  'feed/post-list': feedPostList,
  'feed/tag-post-list': feedTagPostList,
  'profile/app': profileApp,
  'explore/app': exploreApp,
  'members/app': membersApp,
  'activity/app': activityApp,
};

const bundledRuntime: FederationRuntime = {
  registerRemotes: () => undefined,
  loadRemote: async (id) => {
    const module = MODULES[id];
    if (!module) throw new Error(`The single bundle has no module "${id}".`);
    return module;
  },
  // Everything is in the bundle already: nothing to preload.
  preloadRemote: async () => undefined,
};

/** Every remote is in the bundle; the registry only has to name them for the shell's checks. */
const registry: RemoteRegistry = {
  auth: 'bundled',
  feed: 'bundled',
  profile: 'bundled',
  explore: 'bundled',
  members: 'bundled',
  activity: 'bundled',
};

patchHistoryApi();

async function start() {
  document.title = PRODUCT_NAME;
  const root = createRoot(document.getElementById('root')!);
  initFirebase(await fetchRuntimeConfig());
  startSession();
  root.render(
    <StrictMode>
      <BrowserRouter>
        <App registry={registry} runtime={bundledRuntime} />
      </BrowserRouter>
    </StrictMode>,
  );
}

start().catch((error: unknown) => {
  console.error(error);
  const root = document.getElementById('root');
  if (root) root.textContent = 'The app could not start. Please reload the page.';
});
