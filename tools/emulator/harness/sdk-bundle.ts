import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type webpackType from 'webpack';

/**
 * Builds the browser bundle of the real firebase SDK once and caches it under tools/emulator/.tmp/, keyed
 * by the SDK version and the entry file, so later test runs (and parallel jest workers) reuse it.
 */

const EMULATOR_ROOT = path.resolve(__dirname, '..');
const ENTRY = path.join(__dirname, 'sdk-entry.mjs');
const CACHE_DIR = path.join(EMULATOR_ROOT, '.tmp', 'harness');
const LOCK_STALE_MS = 180_000;

function cacheKey(): string {
  const firebaseVersion = (
    JSON.parse(fs.readFileSync(require.resolve('firebase/package.json'), 'utf8')) as {
      version: string;
    }
  ).version;
  const entry = fs.readFileSync(ENTRY);
  const hash = createHash('sha256').update(entry).digest('hex').slice(0, 12);
  return `firebase-${firebaseVersion}-${hash}`;
}

async function runWebpack(outDir: string, fileName: string): Promise<void> {
  // Loaded lazily: only the first run (or a new SDK version) builds the bundle.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const webpack = require('webpack') as typeof webpackType;
  const compiler = webpack({
    mode: 'production',
    target: 'web',
    entry: ENTRY,
    context: EMULATOR_ROOT,
    devtool: false,
    output: { path: outDir, filename: fileName },
    optimization: { minimize: false },
    performance: { hints: false },
    infrastructureLogging: { level: 'error' },
    stats: 'errors-only',
  });
  await new Promise<void>((resolve, reject) => {
    compiler.run((err, stats) => {
      compiler.close(() => undefined);
      if (err) return reject(err);
      if (stats?.hasErrors()) return reject(new Error(stats.toString('errors-only')));
      resolve();
    });
  });
}

async function sleep(ms: number): Promise<void> {
  await new Promise((r) => setTimeout(r, ms));
}

/** Path of the bundled SDK (building it first if no cached copy exists). */
export async function sdkBundlePath(): Promise<string> {
  const key = cacheKey();
  const file = path.join(CACHE_DIR, `${key}.js`);
  if (fs.existsSync(file)) return file;
  fs.mkdirSync(CACHE_DIR, { recursive: true });
  const lock = path.join(CACHE_DIR, `${key}.lock`);
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch {
      if (fs.existsSync(file)) return file;
      const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? 0);
      if (age > LOCK_STALE_MS) fs.rmSync(lock, { recursive: true, force: true });
      await sleep(200);
    }
  }
  try {
    if (fs.existsSync(file)) return file;
    const tmpName = `${key}.${process.pid}.tmp.js`;
    await runWebpack(CACHE_DIR, tmpName);
    fs.renameSync(path.join(CACHE_DIR, tmpName), file);
    return file;
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}
