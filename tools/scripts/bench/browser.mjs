// Debian's Chromium with the team's flags (nothing is downloaded), and the page helpers every
// measurement shares.
import { chromium } from 'playwright-core';
import { CHROMIUM_LAUNCH_OPTIONS } from 'build-config/chromium.cjs';

export function launchChromium() {
  return chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
}

/** Signs in through the login form of the page's origin and waits for the home feed's frame. */
export async function signIn(page, baseUrl, member) {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password').fill(member.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname === '/', { timeout: 30_000 });
  await page.getByRole('button', { name: 'Account menu' }).waitFor({ timeout: 30_000 });
}

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
