/**
 * Issue 17, "every load error has a Retry that works without a page reload", for the shell's own
 * start: when its runtime config cannot be fetched, the page says so with a Retry that starts the
 * app in the same document once the request goes through.
 */
import { test, expect } from '../fixtures';

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
