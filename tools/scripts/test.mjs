// `npm test`: lint, type check, the unit suites, then the end-to-end suites on both Firestore
// backends, stopping at the first failure.
//
// The production builds of the apps the end-to-end suites run against are made in the
// background, at the lowest CPU priority, while build-config's suites run first: measured, those
// leave one of two cores idle (they wait on the backends and dev servers they start), and the
// builds take what they leave, so their minutes no longer come after the unit suites. Nothing the
// builds write is read meanwhile: they are the apps' alone (`build:app`: the functions codebases,
// which those suites' backends build into their dist folders, are built by the end-to-end
// backend's own start, as by every start), and they keep their own Nx workspace data, so the two
// Nx runs never share a lock or a cache file.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BUILD_LOG = path.join(ROOT, '.tmp', 'e2e-build.log');

/** Each step's name and wall time, printed at the end: where a slow run spent its minutes. */
const timings = [];
const startedAt = Date.now();
const seconds = (since) => Math.round((Date.now() - since) / 1000);

/**
 * Runs an npm command as the step `name`, with the terminal's output, or with its output held and
 * printed whole when it ends (`quiet`), so it can run beside one printing to the terminal;
 * resolves with its exit code.
 */
function npm(name, args, env = {}, { quiet = false } = {}) {
  const since = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', args, {
      cwd: ROOT,
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...env },
    });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      if (quiet) process.stdout.write(Buffer.concat(output));
      timings.push(`${name} ${seconds(since)} s${code === 0 ? '' : ' (failed)'}`);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

/** Every app's `build:app`, in the background at the lowest priority; output in BUILD_LOG. */
function buildInBackground() {
  fs.mkdirSync(path.dirname(BUILD_LOG), { recursive: true });
  const nxData = fs.mkdtempSync(path.join(os.tmpdir(), 'test-build-nx-'));
  const log = fs.openSync(BUILD_LOG, 'w');
  const since = Date.now();
  const child = spawn('npm', ['exec', '--', 'lerna', 'run', 'build:app'], {
    cwd: ROOT,
    stdio: ['ignore', log, log],
    detached: true,
    env: {
      ...process.env,
      NX_DAEMON: 'false',
      NX_WORKSPACE_DATA_DIRECTORY: path.join(nxData, 'workspace-data'),
      NX_CACHE_DIRECTORY: path.join(nxData, 'cache'),
    },
  });
  // Set before npm has started anything (it takes longer to load); its children inherit it.
  os.setPriority(child.pid, os.constants.priority.PRIORITY_LOW);
  const done = new Promise((resolve) =>
    child.on('exit', (code, signal) => {
      fs.closeSync(log);
      fs.rmSync(nxData, { recursive: true, force: true });
      resolve({ ok: code === 0 && !signal, seconds: seconds(since) });
    }),
  );
  return {
    done,
    stop: () => {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // Already ended.
      }
    },
  };
}

async function main() {
  // Side by side: each keeps one core busy (the type check its 1.5 minutes, lint half a minute).
  const checks = await Promise.all([
    npm('lint', ['run', 'lint']),
    npm('typecheck', ['run', 'typecheck'], {}, { quiet: true }),
  ]);
  const failed = checks.find((code) => code !== 0);
  if (failed !== undefined) return failed;

  console.log(
    `Building the apps for the end-to-end suites beside the unit suites (log: ${path.relative(ROOT, BUILD_LOG)})`,
  );
  const build = buildInBackground();
  const stopBuild = () => build.stop();
  process.once('SIGINT', stopBuild);
  process.once('SIGTERM', stopBuild);

  const lerna = ['exec', '--', 'lerna', 'run', 'test', '--concurrency', '1'];
  const buildConfig = await npm('unit: build-config', [...lerna, '--scope', 'build-config']);
  const others =
    buildConfig !== 0
      ? buildConfig
      : await npm('unit: the rest', [...lerna, '--ignore', 'e2e', '--ignore', 'build-config']);
  if (others !== 0) {
    build.stop();
    return others;
  }
  const built = await build.done;
  if (!built.ok) {
    process.stderr.write(fs.readFileSync(BUILD_LOG, 'utf8'));
    console.error('The production build for the end-to-end suites failed (output above).');
    return 1;
  }
  timings.push(`build:app, in the background ${built.seconds} s`);

  const ours = await npm('e2e: our emulator', ['test', '-w', 'e2e'], {
    FIRESTORE_BACKEND: 'emulator',
    E2E_SKIP_BUILD: '1',
  });
  if (ours !== 0) return ours;
  return npm("e2e: Google's emulator", ['run', 'test:e2e:google']);
}

process.exitCode = await main();
console.log(`npm test: ${timings.join(' · ')} · in all ${seconds(startedAt)} s`);
