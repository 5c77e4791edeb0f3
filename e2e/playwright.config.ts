import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from 'build-config/chromium.cjs';

/**
 * Specs whose verdict cannot depend on which Firestore emulator serves the data: they check markup
 * (axe), layout (shifts, photo frames, first paint), response headers, load-error recovery, the
 * shell (route guard, fallbacks of a remote that is down, shared singletons), the federation
 * contract, the theme (kept in the browser), password reset (the Auth emulator's alone), and
 * builds and deploys. The run on Google's emulator exists to prove
 * Firestore behaviour (queries, listeners, rules, triggers), so they run once, on the default
 * backend, and CI keeps the time of both runs for the specs where the backend matters.
 */
const BACKEND_INDEPENDENT_SPECS = [
  'a11y',
  'contract',
  'deploy',
  'deploy-guard',
  'first-paint',
  'layout-shift',
  'password-reset',
  'photo-frame',
  'security',
  'shell',
  'ship-alone',
  'start-retry',
  'theme',
].map((name) => `**/${name}.spec.ts`);

export default defineConfig({
  testDir: './tests',
  testIgnore: process.env.FIRESTORE_BACKEND === 'google' ? BACKEND_INDEPENDENT_SPECS : [],
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  // Three at once: our emulator's run needs about 510 CPU-seconds and took 526 s on CI's two
  // cores with two workers, half of them idle while tests waited on functions and the backend.
  // Google's held three too (55 of 55 at load average 10-11, as long as two took on CI).
  workers: Number(process.env.E2E_WORKERS ?? 3),
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    launchOptions: CHROMIUM_LAUNCH_OPTIONS,
    trace: 'off',
    screenshot: 'only-on-failure',
    actionTimeout: 10_000,
    navigationTimeout: 20_000,
  },
});
