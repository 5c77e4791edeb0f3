import { test, expect, signIn } from '../fixtures';
import type { Page } from '@playwright/test';
import { REMOTES } from '../support/remotes';
import type { Stack } from '../stack';
import { dataEntrySharesTheSession, sharedLibraryReport } from '../support/share-scope';

const PROTECTED = [
  '/',
  '/post/some-post',
  '/profile/someone',
  '/profile/someone/followers',
  '/profile/someone/following',
  '/edit-profile',
  '/explore',
  '/members',
  '/404',
  '/no/such/page',
];

test.describe('route guard', () => {
  for (const path of PROTECTED) {
    test(`a signed-out visitor of ${path} is sent to /login`, async ({ page }) => {
      const seen: string[] = [];
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) seen.push(new URL(frame.url()).pathname);
      });
      await page.goto(path);
      await page.waitForURL((url) => url.pathname === '/login');
      await expect(page.getByRole('button', { name: 'Account menu' })).toHaveCount(0);
      const url = new URL(page.url());
      expect(url.searchParams.get('next')).toBe(path === '/' ? null : path);
    });
  }

  test('the login and sign-up pages are open to visitors', async ({ page }) => {
    await page.goto('/signUp');
    await expect(page).toHaveURL(/\/signUp$/);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('signed in', () => {
  test('unknown paths and /404 show PAGE NOT FOUND', async ({ page, members }) => {
    await signIn(page, await members.create());
    for (const path of ['/404', '/no/such/page']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'PAGE NOT FOUND' })).toBeVisible();
    }
  });

  test('the top bar links and the avatar menu', async ({ page, members }) => {
    const member = await members.create({ username: 'Topbar Tess' });
    await signIn(page, member);
    const main = page.getByRole('navigation', { name: 'Main' });
    await main.getByRole('link', { name: 'Explore' }).click();
    await expect(page).toHaveURL(/\/explore$/);
    await main.getByRole('link', { name: 'Members' }).click();
    await expect(page).toHaveURL(/\/members$/);
    await main.getByRole('link', { name: 'Socially' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/');

    const menu = page.getByRole('button', { name: 'Account menu' });
    await expect(menu.getByRole('img')).toHaveAttribute('src', /placeholder|data:|\.svg/);
    await menu.click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await expect(page).toHaveURL(new RegExp(`/profile/${member.uid}$`));
    await menu.click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/edit-profile$/);
    await menu.click();
    await page.getByRole('menuitem', { name: 'Signout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(menu).toHaveCount(0);
  });
});

/** Blocks every request to one remote's origin, as if its deployment were down. */
async function blockOrigin(page: Page, origin: string) {
  await page.route(`${origin}/**`, (route) => route.abort('connectionrefused'));
}

/** Each remote with a members' page, at its first route without parameters (remotes.json). */
const SIGNED_IN_REMOTES = Object.entries(REMOTES).flatMap(([name, remote]) => {
  const route = Object.values(remote.routes).find(
    (candidate) => candidate.access === 'protected' && !candidate.path.includes(':'),
  );
  return route
    ? [{ name: name as keyof Stack['appUrls'], path: route.path, label: remote.label }]
    : [];
});

test.describe('a remote that is down', () => {
  for (const remote of SIGNED_IN_REMOTES) {
    test(`${remote.name}: fallback with Retry, the rest keeps working, Retry recovers`, async ({
      page,
      members,
      stack,
    }) => {
      await signIn(page, await members.create());
      await blockOrigin(page, stack.appUrls[remote.name]);
      await page.goto(remote.path);
      const fallback = page
        .getByRole('alert')
        .filter({ hasText: `${remote.label} is unavailable right now.` });
      await expect(fallback).toBeVisible({ timeout: 20_000 });
      // The frame and the other routes still work.
      await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
      const other = remote.name === 'members' ? '/explore' : '/members';
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: other === '/explore' ? 'Explore' : 'Members' })
        .click();
      await expect(
        page.getByRole('heading', { level: 1, name: other === '/explore' ? 'Explore' : 'Members' }),
      ).toBeVisible();
      // Back on the broken route, the remote comes back once its origin answers again.
      await page.goBack();
      await expect(fallback).toBeVisible({ timeout: 20_000 });
      await page.unroute(`${stack.appUrls[remote.name]}/**`);
      await fallback.getByRole('button', { name: 'Retry' }).click();
      await expect(fallback).toHaveCount(0, { timeout: 20_000 });
      await expect(page.locator(`.shell-remote--${remote.name}`)).not.toBeEmpty();
    });
  }

  test('auth: the sign-in area falls back and recovers', async ({ page, stack }) => {
    await blockOrigin(page, stack.appUrls.auth);
    await page.goto('/login');
    const fallback = page
      .getByRole('alert')
      .filter({ hasText: 'Sign-in is unavailable right now.' });
    await expect(fallback).toBeVisible({ timeout: 20_000 });
    await page.unroute(`${stack.appUrls.auth}/**`);
    await fallback.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible({ timeout: 20_000 });
  });
});

test('the page holds one Firebase app and one copy of each shared library', async ({
  page,
  members,
}) => {
  const member = await members.create();
  await signIn(page, member);
  // Visit a route of every remote so that all of them (and feed's post list) are loaded.
  for (const path of ['/explore', '/members', `/profile/${member.uid}`, '/edit-profile', '/']) {
    await page.goto(path);
    await expect(page.locator('.shell-remote').first()).not.toBeEmpty();
  }
  const report = await sharedLibraryReport(page);
  for (const pkg of [
    'react',
    'react-dom',
    'react-router',
    'react-router-dom',
    'shared-firebase',
    'shared-firebase/session',
    'shared-ui',
  ]) {
    expect(report.loadedCopies[pkg], `${pkg}: ${JSON.stringify(report.loadedCopies)}`).toHaveLength(
      1,
    );
  }
  expect(
    Object.keys(report.loadedCopies).filter((pkg) => pkg.startsWith('firebase/')).length,
  ).toBeGreaterThan(0);
  for (const [pkg, copies] of Object.entries(report.loadedCopies)) {
    expect(copies, pkg).toHaveLength(1);
  }
  expect(report.firebaseApps).toBe(1);
  // shared-firebase reaches its session entry by a relative import, shared by its file: the data
  // entry must hand out the session entry's own functions, not those of a bundled copy.
  expect(await dataEntrySharesTheSession(page)).toBe(true);
});

test('the sign-in screens load no Firebase code until the form is used; the feed loads Firestore, never Storage', async ({
  page,
  members,
}) => {
  const firebaseLoaded = async () =>
    Object.keys((await sharedLibraryReport(page)).loadedCopies)
      .filter((pkg) => pkg.startsWith('firebase/'))
      .sort();
  for (const path of ['/login', '/signUp']) {
    await page.goto(path);
    await expect(page.getByLabel('Email')).toBeVisible();
    expect(await firebaseLoaded(), path).toEqual([]);
  }
  // A visitor who starts on the form gets Firebase's app and Auth (and the data layer) ahead of need.
  await page.getByLabel('Email').focus();
  await expect
    .poll(firebaseLoaded)
    .toEqual(expect.arrayContaining(['firebase/app', 'firebase/auth']));
  expect(await firebaseLoaded()).not.toContain('firebase/storage');
  const member = await members.create();
  await signIn(page, member);
  await expect(page.getByRole('form', { name: 'New post' })).toBeVisible();
  expect(await firebaseLoaded()).toEqual(['firebase/app', 'firebase/auth', 'firebase/firestore']);
});
