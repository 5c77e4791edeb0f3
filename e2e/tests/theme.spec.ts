import { test, expect, signIn } from '../fixtures';
import {
  DARK_BACKGROUND,
  firstFrameBackground,
  LIGHT_BACKGROUND,
  recordFirstFrameBackground,
} from '../support/theme';

// The theme: the system's by default, and the member's choice in settings, painted from the first
// frame, for a member signed in on either backend.

test.describe('theme', () => {
  test('follows the system, and a remembered choice paints first on the sign-in page', async ({
    page,
  }) => {
    await recordFirstFrameBackground(page);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/login');
    await expect.poll(() => firstFrameBackground(page)).toBe(DARK_BACKGROUND);

    await page.evaluate(() => localStorage.setItem('THEME', 'light'));
    await page.reload();
    await expect.poll(() => firstFrameBackground(page)).toBe(LIGHT_BACKGROUND);
  });

  test('Dark chosen in settings applies at once and before the first paint after a reload', async ({
    page,
    members,
  }) => {
    await signIn(page, await members.create());
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/edit-profile');
    const appearance = page.getByRole('region', { name: 'Appearance' });
    await expect(appearance.getByRole('radio', { name: 'System' })).toBeChecked();
    await appearance.getByRole('radio', { name: 'Dark' }).check();
    await expect(page.locator('body')).toHaveCSS('background-color', DARK_BACKGROUND);

    await recordFirstFrameBackground(page);
    await page.goto('/');
    await expect.poll(() => firstFrameBackground(page)).toBe(DARK_BACKGROUND);
    await page.goto('/edit-profile');
    await expect(appearance.getByRole('radio', { name: 'Dark' })).toBeChecked();
  });
});
