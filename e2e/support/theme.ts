import type { Page } from '@playwright/test';

/** The page background of the dark theme (shared-ui's --ui-color-bg). */
export const DARK_BACKGROUND = 'rgb(24, 25, 26)';
export const LIGHT_BACKGROUND = 'rgb(240, 242, 245)';

/**
 * Makes the next page load record the body's background in its first animation frame, which runs
 * before the first paint.
 */
export async function recordFirstFrameBackground(page: Page) {
  await page.addInitScript(() => {
    sessionStorage.removeItem('firstFrameBackground');
    requestAnimationFrame(() => {
      const seen = document.body ? getComputedStyle(document.body).backgroundColor : 'no body';
      sessionStorage.setItem('firstFrameBackground', seen);
    });
  });
}
export const firstFrameBackground = (page: Page) =>
  page.evaluate(() => sessionStorage.getItem('firstFrameBackground'));
