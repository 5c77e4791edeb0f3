import AxeBuilder from '@axe-core/playwright';
import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import { DARK_BACKGROUND } from './theme';

const BLOCKING = new Set(['serious', 'critical']);

/**
 * What axe-core finds serious or critical on the page (WCAG 2.1 A/AA rules), or in the part of it
 * `include` selects.
 */
export async function blockingViolations(page: Page, include?: string) {
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  const results = await (include ? builder.include(include) : builder).analyze();
  return results.violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
}

/**
 * What axe finds in the light theme, then in the dark one (the page follows the system's, the
 * Settings choice "System"). The page is left in the dark theme.
 */
export async function violationsInBothThemes(page: Page) {
  await page.emulateMedia({ colorScheme: 'light' });
  const light = await blockingViolations(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('body')).toHaveCSS('background-color', DARK_BACKGROUND);
  return { light, dark: await blockingViolations(page) };
}
