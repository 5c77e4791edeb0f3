// login.html paints the sign-in screen before any script runs (shell/src/firstPaint); the auth
// remote's page then takes its place. A member sees one screen: nothing moves, nothing doubles.
import { test, expect } from '../fixtures';

/** Where the sign-in screen's visible parts are drawn under `root` (runs in the page). */
const boxesUnder = (root: string) =>
  [...document.querySelectorAll(`${root} :is(h1, label, input, a, button)`)].map((element) => {
    const { x, y, width, height } = element.getBoundingClientRect();
    return { text: element.textContent, x, y, width, height };
  });

test.describe('the sign-in page painted before any script', () => {
  test('is the screen the app then shows, in the same place, without a layout shift', async ({
    page,
    stack,
  }) => {
    await page.addInitScript(() => {
      (window as unknown as { shifts: number[] }).shifts = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          (window as unknown as { shifts: number[] }).shifts.push(
            (entry as unknown as { value: number }).value,
          );
      }).observe({ type: 'layout-shift', buffered: true });
    });
    // The auth remote's manifest waits until the static screen has been measured.
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(`${stack.appUrls.auth}/mf-manifest.json`, async (route) => {
      await held;
      await route.continue();
    });

    await page.goto('/login');
    await expect(page.locator('#first-paint h1')).toHaveText('Sign in');
    // Hidden from assistive technology while it stands in: nothing to read or operate twice.
    await expect(page.getByRole('heading', { name: 'Sign in' })).toHaveCount(0);
    const before = await page.evaluate(boxesUnder, '#first-paint');

    release();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(page.locator('#first-paint')).toHaveCount(0);
    const after = await page.evaluate(boxesUnder, '#root');

    expect(before.length).toBeGreaterThan(0);
    expect(after).toEqual(before);
    expect(await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts)).toEqual(
      [],
    );
    await page.getByLabel('Email').fill('someone@example.test');
    await expect(page.getByLabel('Email')).toHaveValue('someone@example.test');
  });

  test('gives way to the fallback when the sign-in screens cannot load', async ({
    page,
    stack,
  }) => {
    await page.route(`${stack.appUrls.auth}/**`, (route) => route.abort('connectionrefused'));
    await page.goto('/login');
    await expect(page.getByText('Sign-in is unavailable right now.')).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.locator('#first-paint')).toHaveCount(0);
  });
});
