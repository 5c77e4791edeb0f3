/* global history */ // page.evaluate code runs in the browser
// Duplicated copies of shared libraries, counted two independent ways over one page that visits
// every remote of remote-list/remotes.json (so the shell, every remote and every module one remote
// exposes to another, such as feed's post list on a profile, are all loaded):
// - the federation runtime's share scope: copies of each package that were loaded;
// - the network: each loaded file mapped, through every app's mf-manifest.json, to the shared
//   package it provides; a package provided by files of two apps is duplicated.
import { createRequire } from 'node:module';
import { collectJs } from './js-collector.mjs';
import { loadedSharedCopies } from './shared-scope.mjs';
import { signIn } from './browser.mjs';
import { providerFiles } from './providers.mjs';

const REMOTE_LIST = createRequire(import.meta.url)('remote-list/remotes.json');

/**
 * The tour: each remote's members' routes that need no id but the member's own (`/profile/:userId`
 * is theirs), with the remote that draws it. The sign-in before it has loaded the auth remote.
 */
function tourOf(member) {
  return Object.entries(REMOTE_LIST).flatMap(([remote, { routes }]) =>
    Object.values(routes)
      .filter((route) => route.access === 'protected')
      .map((route) => ({ remote, path: route.path.replace(':userId', member.uid) }))
      .filter(({ path }) => !path.includes(':')),
  );
}

export async function measureDuplicates(browser, stack, member) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const js = collectJs(page);
  await signIn(page, stack.shellUrl, member);
  const loadedFrom = (remote) =>
    [...js.files.keys()].some((url) => url.startsWith(`${stack.appUrls[remote]}/`));
  for (const { remote, path } of tourOf(member)) {
    // Client-side navigation keeps one page, so every app ends up in one federation runtime.
    await page.evaluate((to) => history.pushState(null, '', to), path);
    for (const started = Date.now(); !loadedFrom(remote);) {
      if (Date.now() - started > 30_000)
        throw new Error(`${path}: the ${remote} remote never loaded`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await js.settle(800);
  }
  const notLoaded = Object.keys(REMOTE_LIST).filter((remote) => !loadedFrom(remote));
  if (notLoaded.length > 0) throw new Error(`the tour loaded no code of ${notLoaded.join(', ')}`);
  const shareScope = await loadedSharedCopies(page);
  const providers = await providerFiles(stack);
  const appsPerPackage = {};
  for (const url of js.files.keys()) {
    const provider = providers.get(url);
    if (!provider?.single) continue;
    appsPerPackage[provider.pkg] = [
      ...new Set([...(appsPerPackage[provider.pkg] ?? []), provider.app]),
    ];
  }
  await context.close();
  const runtimeDuplicates = Object.values(shareScope).reduce((n, c) => n + c.length - 1, 0);
  const networkDuplicates = Object.values(appsPerPackage).reduce((n, a) => n + a.length - 1, 0);
  return {
    packagesLoaded: Object.keys(shareScope).length,
    runtimeDuplicates,
    networkDuplicates,
    duplicated: Object.fromEntries(
      Object.entries(shareScope).filter(([, copies]) => copies.length > 1),
    ),
    networkDuplicated: Object.fromEntries(
      Object.entries(appsPerPackage).filter(([, apps]) => apps.length > 1),
    ),
  };
}
