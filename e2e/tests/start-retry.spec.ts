/**
 * Every load error has a Retry that works without a page reload, also for code that fails to load
 * (docs/ARCHITECTURE.md, "Code that failed to load loads again in the same page"): the shell's
 * runtime config, Firebase's code for a remembered session, and a shared library a remote needs.
 * Each test marks the document before pressing Retry; a reload would lose the mark.
 */
import type { Locator, Page, Route } from '@playwright/test';
import { test, expect, signIn } from '../fixtures';

const RUNTIME_CONFIG = '**/runtime-config.json';
const SCRIPTS = '**/*.js';

/**
 * Marks the document, lets the refused code load again (`release`), presses the failure's Retry,
 * and expects `recovered`, the failure gone and the mark kept: a reload would lose the mark.
 */
async function retryInSamePage(
  page: Page,
  failure: Locator,
  release: () => Promise<void>,
  recovered: Locator,
) {
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
  await release();
  await failure.getByRole('button', { name: 'Retry' }).click();
  await expect(recovered).toBeVisible({ timeout: 20_000 });
  await expect(failure).toHaveCount(0);
  expect(await page.evaluate(() => '__sameDocument' in window)).toBe(true);
}

/**
 * Refuses every script whose text contains `marker` (the chunks that carry one library, wherever
 * the build put them) until the returned function is called. The handler stays registered and lets
 * requests through once released: unrouting it would make Playwright continue the requests it is
 * still fetching, and their fulfil would then fail as already handled.
 */
async function refuseScriptsWith(page: Page, marker: string): Promise<() => Promise<void>> {
  const refused: string[] = [];
  let released = false;
  await page.route(SCRIPTS, async (route: Route) => {
    if (released) return route.fallback();
    const response = await route.fetch();
    const body = await response.text();
    if (!released && body.includes(marker)) {
      refused.push(route.request().url());
      return route.abort();
    }
    return route.fulfill({ response, body });
  });
  return async () => {
    // The test would prove nothing if no script had been refused.
    expect(refused.length).toBeGreaterThan(0);
    released = true;
  };
}

test('a start that failed offers Retry, which starts the app without a reload', async ({
  page,
}) => {
  await page.route(RUNTIME_CONFIG, (route) => route.abort());
  await page.goto('/login');
  const failure = page.getByRole('alert').filter({ hasText: 'The app could not start.' });
  await expect(failure).toBeVisible({ timeout: 20_000 });
  await retryInSamePage(
    page,
    failure,
    () => page.unroute(RUNTIME_CONFIG),
    page.getByRole('button', { name: 'Sign in' }),
  );
});

test('a remembered session whose sign-in code cannot load offers Retry, which signs in without a reload', async ({
  page,
  members,
}) => {
  const member = await members.create();
  await signIn(page, member);
  // Firebase Auth's code loads only for a remembered session (shared-firebase/session).
  const restore = await refuseScriptsWith(page, 'auth/network-request-failed');
  await page.goto('/');
  const failure = page.getByRole('alert').filter({ hasText: 'The app could not start.' });
  await expect(failure).toBeVisible({ timeout: 20_000 });
  await retryInSamePage(page, failure, restore, page.getByRole('button', { name: 'Account menu' }));
});

test('a remote whose shared library cannot load falls back, and its Retry loads it without a reload', async ({
  page,
  members,
}) => {
  const member = await members.create();
  await signIn(page, member);
  // Firestore's SDK is a shared library the members remote needs (through shared-firebase's data
  // layer); a new page with the remembered session loads it with that remote.
  const restore = await refuseScriptsWith(page, 'google.firestore.v1.Firestore');
  await page.goto('/members');
  const fallback = page.getByRole('alert').filter({ hasText: 'Members is unavailable right now.' });
  await expect(fallback).toBeVisible({ timeout: 30_000 });
  await retryInSamePage(
    page,
    fallback,
    restore,
    page.getByRole('heading', { level: 1, name: 'Members' }),
  );
});
