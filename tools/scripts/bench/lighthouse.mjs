// Lighthouse (the npm package, default mobile settings: Moto G Power screen, 4× CPU slowdown,
// slow 4G) on the product's routes, driving the same Debian Chromium: performance score and LCP.
// Signed-in routes use a session persisted by signing in first in the same browser profile, so
// Lighthouse must not reset storage (disableStorageReset).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import lighthouse from 'lighthouse';
import { CHROMIUM_LAUNCH_OPTIONS } from 'build-config/chromium.cjs';
import { freePort } from '../lib/ports.mjs';
import { signIn } from './browser.mjs';

/**
 * Score, LCP and CLS of each route. `only` keeps the routes whose name it lists; `onReport` gets
 * each route's whole report (tools/scripts/bench/lighthouse-routes.mjs prints its audits);
 * `postPath` (/post/{id}) adds that post's page.
 */
export async function measureLighthouse(stack, member, log, { only, onReport, postPath } = {}) {
  const port = await freePort();
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-lighthouse-'));
  const context = await chromium.launchPersistentContext(profile, {
    ...CHROMIUM_LAUNCH_OPTIONS,
    args: [...CHROMIUM_LAUNCH_OPTIONS.args, `--remote-debugging-port=${port}`],
  });
  const results = [];
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const routes = [
      { name: '/login', path: '/login', signedIn: false },
      { name: '/ (feed)', path: '/', signedIn: true },
      { name: '/explore', path: '/explore', signedIn: true },
      { name: '/profile/:uid', path: `/profile/${member.uid}`, signedIn: true },
      ...(postPath ? [{ name: '/post/:id', path: postPath, signedIn: true }] : []),
    ].filter((route) => !only || only.includes(route.name));
    for (const route of routes) {
      if (route.signedIn && !results.some((r) => r.signedIn))
        await signIn(page, stack.shellUrl, member);
      await page.goto('about:blank');
      log(`lighthouse ${route.name}…`);
      const runner = await lighthouse(`${stack.shellUrl}${route.path}`, {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        disableStorageReset: true,
      });
      const { lhr } = runner;
      onReport?.(route.name, lhr);
      results.push({
        route: route.name,
        signedIn: route.signedIn,
        score: Math.round((lhr.categories.performance.score ?? 0) * 100),
        lcpMs: Math.round(lhr.audits['largest-contentful-paint'].numericValue),
        cls: Math.round(lhr.audits['cumulative-layout-shift'].numericValue * 1000) / 1000,
        error: lhr.runtimeError?.message,
      });
    }
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
  return results;
}
