/**
 * Issue 17, "every load error has a Retry that works without a page reload", for the shell's own
 * start: when its runtime config cannot be fetched, the page says so with a Retry that starts the
 * app in the same document once the request goes through. When Firebase's code for a remembered
 * session cannot load, the Retry has to load a new page (see the second test).
 */
import { test, expect, signIn } from '../fixtures';

const RUNTIME_CONFIG = '**/runtime-config.json';

test('a start that failed offers Retry, which starts the app without a reload', async ({
  page,
}) => {
  await page.route(RUNTIME_CONFIG, (route) => route.abort());
  await page.goto('/login');
  const failure = page.getByRole('alert').filter({ hasText: 'The app could not start.' });
  await expect(failure).toBeVisible({ timeout: 20_000 });
  // A mark on this document: a reload would lose it.
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));

  await page.unroute(RUNTIME_CONFIG);
  await failure.getByRole('button', { name: 'Retry' }).click();
  await expect(failure).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible({ timeout: 20_000 });
  expect(await page.evaluate(() => '__sameDocument' in window)).toBe(true);
});

test('a remembered session whose sign-in code cannot load offers Retry, which loads the page again', async ({
  page,
  members,
}) => {
  const member = await members.create();
  await signIn(page, member);
  // Firebase Auth's code loads only for a remembered session (shared-firebase/session): every
  // script that carries it is refused until the network "comes back".
  let blocked = true;
  await page.route('**/*.js', async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    if (blocked && body.includes('auth/network-request-failed')) return route.abort();
    return route.fulfill({ response, body });
  });
  await page.goto('/');
  const failure = page.getByRole('alert').filter({ hasText: 'The app could not start.' });
  await expect(failure).toBeVisible({ timeout: 20_000 });
  // Here Retry reloads: the federation runtime keeps a failed shared module for the page's life
  // (shell/src/bootstrap.tsx), so only a new page can load Firebase's code again.
  blocked = false;
  await failure.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible({
    timeout: 20_000,
  });
});
