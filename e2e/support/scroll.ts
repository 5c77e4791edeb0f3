import { expect } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';

/** Scrolls the list's last entry into view until the list stops growing (infinite scroll). */
export async function scrollToEnd(page: Page, entries: Locator): Promise<void> {
  let previous = -1;
  for (;;) {
    const count = await entries.count();
    if (count === previous) return;
    previous = count;
    await entries.last().scrollIntoViewIfNeeded();
    await expect(page.getByText(/Loading more/)).toHaveCount(0);
    // A page read that finds more adds entries shortly after; give it that moment.
    await page.waitForTimeout(300);
  }
}
