// Makes sure the production builds the benchmark measures exist and are newer than their sources:
// the six federated apps (npm run build) and the single-bundle comparison build.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../lib/backend.mjs';
import { APPS } from '../lib/serve-apps.mjs';

export const SINGLE_BUNDLE_DIR = path.join(ROOT, 'tools/single-bundle/dist');
const SOURCE_DIRS = ['shell', ...Object.values(APPS).filter((f) => f !== 'shell')]
  .map((folder) => path.join(ROOT, folder, 'src'))
  .concat(
    [
      'shared-ui/src',
      'shared-firebase/src',
      'remote-list',
      'tools/standalone-host/src',
      'tools/single-bundle',
      'tools/build-config',
    ].map((d) => path.join(ROOT, d)),
  );

function newestMtime(dir, skip = /node_modules|dist/) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const full = path.join(entry.parentPath, entry.name);
    if (!entry.isFile() || skip.test(path.relative(dir, full))) continue;
    newest = Math.max(newest, fs.statSync(full).mtimeMs);
  }
  return newest;
}

function builtAt(dir) {
  const marker = path.join(dir, 'mf-manifest.json');
  return fs.existsSync(marker) ? fs.statSync(marker).mtimeMs : 0;
}

/**
 * Builds what is missing (everything when `force`). Stale builds are measured as they are, with a
 * warning: in a tree many people edit, rebuilding on every change would make the bench take
 * minutes of webpack instead of measuring.
 */
export function ensureBuilds({ force = false, log = console.log, singleBundle = true } = {}) {
  const sourcesAt = Math.max(...SOURCE_DIRS.map((dir) => newestMtime(dir)));
  const appDirs = Object.values(APPS).map((folder) => path.join(ROOT, folder, 'dist'));
  const warnings = [];
  if (force || appDirs.some((dir) => builtAt(dir) === 0)) {
    log('building the six apps for production (npm run build)…');
    execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  } else if (appDirs.some((dir) => builtAt(dir) < sourcesAt)) {
    warnings.push('some app builds are older than their sources (BENCH_BUILD=1 rebuilds)');
  }
  if (!singleBundle) {
    // Not measured by this run.
  } else if (force || builtAt(SINGLE_BUNDLE_DIR) === 0) {
    log('building the single-bundle comparison (npm run bundle -w single-bundle)…');
    execFileSync('npm', ['run', 'bundle', '-w', 'single-bundle'], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  } else if (builtAt(SINGLE_BUNDLE_DIR) < sourcesAt) {
    warnings.push('the single-bundle build is older than the sources (BENCH_BUILD=1 rebuilds)');
  }
  for (const warning of warnings) log(`warning: ${warning}`);
  return warnings;
}
