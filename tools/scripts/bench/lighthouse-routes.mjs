// Lighthouse alone, route by route, with the audits that explain a score: for working on the
// Lighthouse figures without the whole image bench. Same stack, member scene (9 photo posts made
// through the real composer) and settings as `npm run bench`'s image figures.
//
//   node tools/scripts/bench/lighthouse-routes.mjs [--runs=N] [--route=/login] [--route=/explore] …
//       [--compare=<dir>]
//
// --compare serves a second set of builds beside the current ones, on the same backend: for each
// app folder found in <dir> (<dir>/shell, <dir>/mfe-explore, …, e.g. built with
// `npx webpack --mode production --output-path <dir>/shell` from an older commit) its build there,
// the current build for the others. Runs alternate between the two, so both see the same machine
// load (Lighthouse's simulated CPU times scale with it).
//
// Route names: /login, "/ (feed)", /explore, /profile/:uid, /post/:id (a post of 3 photos, posted
// before the 9 of one photo, so the feed's first view is as before). Builds are measured as they are (run
// `npm run build` first). Whole reports are written to .tmp/lighthouse/.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { localRemotesJson } from 'build-config/federation.cjs';
import { ROOT } from '../lib/backend.mjs';
import { freePort } from '../lib/ports.mjs';
import { APPS, serveApps } from '../lib/serve-apps.mjs';
import { startServedStack } from '../lib/served-stack.mjs';
import { launchChromium, median, signIn } from './browser.mjs';
import { measureLighthouse } from './lighthouse.mjs';
import { phonePhoto } from './phone-photo.mjs';
import { createMember } from './seed.mjs';

const PHOTO_POSTS = 9;
const ALBUM_PHOTOS = 3;
const REPORTS = path.join(ROOT, '.tmp', 'lighthouse');
const log = (line) => console.log(`[lighthouse] ${line}`);

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '1' },
    route: { type: 'string', multiple: true },
    compare: { type: 'string' },
  },
});

/**
 * The member's posts: first one of ALBUM_PHOTOS photos (the post page's route: a carousel), then
 * PHOTO_POSTS of one photo each (the feed's and the profile's first views, as before the album).
 * Returns the album's path.
 */
async function postPhotos(stack, member) {
  const photo = phonePhoto();
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    await signIn(page, stack.shellUrl, member);
    let albumPath = null;
    for (let n = 0; n <= PHOTO_POSTS; n += 1) {
      const count = n === 0 ? ALBUM_PHOTOS : 1;
      await page.getByLabel('Photos', { exact: true }).setInputFiles(
        Array.from({ length: count }, (_, i) => ({
          name: `IMG_400${i}.jpg`,
          mimeType: 'image/jpeg',
          buffer: photo,
        })),
      );
      await page.getByRole('button', { name: 'Post', exact: true }).click();
      await page.getByText('Post has been made successfully').waitFor({ timeout: 180_000 });
      await page
        .getByText('Post has been made successfully')
        .waitFor({ state: 'detached', timeout: 10_000 });
      if (n === 0) {
        // The album, just posted, is the feed's first card.
        const album = page
          .getByRole('article', { name: 'Post' })
          .filter({ has: page.getByRole('region', { name: `Photos, ${ALBUM_PHOTOS}` }) });
        albumPath = await album.locator('a[href^="/post/"]').first().getAttribute('href');
      }
    }
    return albumPath;
  } finally {
    await browser.close();
  }
}

const ms = (value) => `${Math.round(value)} ms`;

/** The few lines of a report that say where a route's time goes. */
function summarize(lhr) {
  const audit = (id) => lhr.audits[id];
  const lines = [];
  const metrics = [
    'first-contentful-paint',
    'largest-contentful-paint',
    'speed-index',
    'total-blocking-time',
    'cumulative-layout-shift',
  ].map((id) => `${id.replace(/-/g, ' ')} ${audit(id)?.displayValue} (${audit(id)?.score})`);
  lines.push(`  ${metrics.join('; ')}`);
  const element = audit('largest-contentful-paint-element')?.details?.items ?? [];
  for (const table of element) {
    for (const item of table.items ?? []) {
      if (item.node) lines.push(`  LCP element: ${item.node.snippet} (${item.node.nodeLabel})`);
      if (item.phase) lines.push(`  LCP ${item.phase}: ${ms(item.timing)}`);
    }
  }
  for (const id of [
    'render-blocking-resources',
    'unused-javascript',
    'bootup-time',
    'mainthread-work-breakdown',
    'network-rtt',
    'server-response-time',
  ]) {
    const a = audit(id);
    if (a) lines.push(`  ${id}: ${a.displayValue ?? ''} (score ${a.score})`);
  }
  const chains = audit('critical-request-chains')?.details;
  if (chains?.longestChain)
    lines.push(
      `  longest critical chain: ${chains.longestChain.length} requests, ${ms(chains.longestChain.duration)}`,
    );
  const tasks = audit('bootup-time')?.details?.items ?? [];
  for (const item of tasks.slice(0, 5))
    lines.push(`    ${item.url}: total ${ms(item.total)}, script ${ms(item.scripting)}`);
  return lines.join('\n');
}

/** The same backend with the apps of `dir` served in place of the current builds. */
async function compareStack(stack, dir) {
  const ports = {};
  for (const name of Object.keys(APPS)) ports[name] = await freePort();
  const dirs = Object.fromEntries(
    Object.entries(APPS)
      .filter(([, folder]) => fs.existsSync(path.join(dir, folder)))
      .map(([name, folder]) => [name, path.join(dir, folder)]),
  );
  log(`comparing with ${Object.keys(dirs).join(', ')} from ${dir}`);
  const remotes = localRemotesJson('127.0.0.1', ports);
  const apps = await serveApps({
    ports,
    runtimeConfig: () => stack.runtimeConfig,
    remotesJson: () => remotes,
    dirs,
  });
  return { ...stack, appUrls: apps.urls, shellUrl: apps.urls.shell, stop: apps.stop };
}

async function main() {
  fs.mkdirSync(REPORTS, { recursive: true });
  const stack = await startServedStack('demo-bench');
  const stacks = [{ label: 'current', stack }];
  try {
    if (values.compare)
      stacks.unshift({ label: 'compared', stack: await compareStack(stack, values.compare) });
    const member = await createMember(stack, 'Lighthouse Photos');
    log(`posting ${ALBUM_PHOTOS} photos, then ${PHOTO_POSTS} posts of one, through the composer…`);
    const albumPath = await postPhotos(stack, member);
    const runs = Number(values.runs);
    const byRoute = new Map();
    for (let run = 1; run <= runs; run += 1) {
      for (const { label, stack: measured } of stacks) {
        const results = await measureLighthouse(measured, member, log, {
          only: values.route,
          postPath: albumPath,
          onReport: (name, lhr) => {
            const file = path.join(REPORTS, `${label}-${name.replace(/\W+/g, '_')}-${run}.json`);
            fs.writeFileSync(file, JSON.stringify(lhr));
            console.log(`${label} ${name} run ${run}:\n${summarize(lhr)}`);
          },
        });
        for (const result of results) {
          const key = `${result.route} (${label})`;
          byRoute.set(key, [...(byRoute.get(key) ?? []), result]);
        }
      }
    }
    const load = os.loadavg().map((l) => l.toFixed(2));
    console.log(`\nload average ${load.join(' ')}`);
    for (const [route, list] of [...byRoute].sort(([a], [b]) => a.localeCompare(b))) {
      const scores = list.map((r) => r.score);
      const lcps = list.map((r) => r.lcpMs);
      const errors = list.filter((r) => r.error).map((r) => r.error);
      console.log(
        `${route}: score ${scores.join(', ')} (median ${median(scores)}), LCP ${lcps.join(', ')} ms (median ${median(lcps)})${errors.length ? ` errors: ${errors.join('; ')}` : ''}`,
      );
    }
  } finally {
    for (const { stack: served } of stacks.reverse()) await served.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
