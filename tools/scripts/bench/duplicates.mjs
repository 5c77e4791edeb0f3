/* global history */ // page.evaluate code runs in the browser
// Duplicated copies of shared libraries, counted two independent ways over one page that visits a
// route of every remote (so shell, five remotes and feed's post list are all loaded):
// - the federation runtime's share scope: copies of each package that were loaded;
// - the network: each loaded file mapped, through every app's mf-manifest.json, to the shared
//   package it provides; a package provided by files of two apps is duplicated.
import { collectJs } from './js-collector.mjs';
import { loadedSharedCopies } from './shared-scope.mjs';
import { signIn } from './browser.mjs';
import { providerFiles } from './providers.mjs';

export async function measureDuplicates(browser, stack, member) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const js = collectJs(page);
  await signIn(page, stack.shellUrl, member);
  const tour = [
    ['/explore', page.getByRole('heading', { name: 'Explore', level: 1 })],
    ['/members', page.getByRole('heading', { name: 'Members', level: 1 })],
    [`/profile/${member.uid}`, page.getByRole('heading', { name: member.username, level: 1 })],
    ['/edit-profile', page.getByRole('heading', { name: 'Edit profile', level: 1 })],
    ['/', page.getByRole('article', { name: 'Post' }).first()],
  ];
  for (const [path, ready] of tour) {
    // Client-side navigation keeps one page, so every app ends up in one federation runtime.
    await page.evaluate((to) => history.pushState(null, '', to), path);
    await ready.waitFor({ timeout: 30_000 });
    await js.settle(800);
  }
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
