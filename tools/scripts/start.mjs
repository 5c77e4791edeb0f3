// `npm start`: the whole product locally — the backend (data under .data/) and every app's dev
// server — saying what happens: a line per service as it answers, compile progress, every backend
// error prefixed with its service. Busy ports and a data folder in use are found before anything
// starts. Ctrl-C stops every process. `npm start -- --firestore=google` (or FIRESTORE_BACKEND=google)
// runs Google's Firestore emulator. Ports move with SHELL_PORT, FEED_PORT, … and
// AUTH_EMULATOR_PORT, FIRESTORE_EMULATOR_PORT, STORAGE_EMULATOR_PORT; REMOTES_OVERRIDE (or
// remotes.local.json) points remotes at deployed URLs instead of starting their dev servers.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import readline from 'node:readline';
import { REMOTES } from 'build-config/federation.cjs';
import { devPorts } from 'build-config/dev-ports.cjs';
import { RemoteOverrideError, remoteOverrides } from 'build-config/remote-overrides.cjs';
import { COMPILED_PREFIX, PROGRESS_PREFIX, PROGRESS_VARIABLE } from 'build-config/dev-progress.cjs';
import { ROOT, describeFailure } from './lib/backend.mjs';
import { stopChildren, stopWhenOrphaned } from './lib/children.mjs';
import { startLocalBackend } from './lib/local-backend.mjs';
import { waitForHttp } from './lib/ports.mjs';
import { StartupProblem } from './lib/preflight.mjs';
import { ProgressLine, readyLine } from './lib/status.mjs';

const WEBPACK_CLI = createRequire(import.meta.url).resolve('webpack-cli/bin/cli.js');

const children = [];
let backend = null;
let stopping = false;

async function stopAll(code) {
  if (stopping) return;
  stopping = true;
  if (children.length > 0 || backend) console.log('\nStopping…');
  await stopChildren(children);
  await backend?.stop();
  process.exit(code);
}
process.once('SIGINT', () => void stopAll(0));
process.once('SIGTERM', () => void stopAll(0));
stopWhenOrphaned(() => void stopAll(0));

/** The apps whose dev servers run: the shell, and every remote not pointed elsewhere. */
function appsToServe(overrides) {
  const ports = devPorts();
  const folders = {
    shell: 'shell',
    ...Object.fromEntries(Object.entries(REMOTES).map(([name, { folder }]) => [name, folder])),
  };
  return Object.entries(folders)
    .filter(([name]) => !(name in overrides))
    .map(([name, folder]) => ({ name, folder, ...ports[name] }));
}

/** An error line of webpack or its dev server (the rest is routine). */
const isErrorLine = (line) => /error|^<e>/i.test(line);

/** Starts one dev server; resolves when its first compile is done and it answers. */
function startDevServer(app, progress) {
  const child = spawn(process.execPath, [WEBPACK_CLI, 'serve', '--mode', 'development'], {
    cwd: path.join(ROOT, app.folder),
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FORCE_COLOR: '0', [PROGRESS_VARIABLE]: '1' },
  });
  children.push(child);
  child.on('exit', (code) => {
    if (!stopping) {
      progress.print(`[${app.name}] dev server exited with code ${code}`);
      void stopAll(1);
    }
  });
  readline.createInterface({ input: child.stderr }).on('line', (line) => {
    if (isErrorLine(line)) progress.print(`[${app.name}] ${line}`);
  });
  let compiledOnce = false;
  return new Promise((resolve) => {
    readline.createInterface({ input: child.stdout }).on('line', (line) => {
      if (line.startsWith(PROGRESS_PREFIX)) {
        progress.set(app.name, Number(line.slice(PROGRESS_PREFIX.length)));
      } else if (line.startsWith(COMPILED_PREFIX)) {
        const errors = Number(line.slice(COMPILED_PREFIX.length));
        if (errors > 0) progress.print(`[${app.name}] compiled with ${errors} error(s)`);
        else if (compiledOnce) progress.print(`[${app.name}] recompiled`);
        if (compiledOnce) return;
        compiledOnce = true;
        waitForHttp(`http://127.0.0.1:${app.port}/`, 60_000).then(() => {
          progress.print(readyLine(`${app.name} dev server`, `http://localhost:${app.port}/`));
          resolve();
        });
      } else if (isErrorLine(line)) progress.print(`[${app.name}] ${line}`);
    });
  });
}

try {
  const { overrides, source } = remoteOverrides();
  const apps = appsToServe(overrides);
  backend = await startLocalBackend(
    apps.map((app) => ({
      service: `${app.name} dev server`,
      port: app.port,
      variable: app.variable,
      hosts: ['127.0.0.1', '::1'],
    })),
  );

  for (const [name, url] of Object.entries(overrides))
    console.log(`  → ${name.padEnd(20)} ${url}  (from ${source}; its dev server is not started)`);
  console.log(`Starting ${apps.length} dev servers (the first compile takes a minute)…`);
  const progress = new ProgressLine();
  for (const app of apps) progress.set(app.name, 0);
  await Promise.all(apps.map((app) => startDevServer(app, progress)));
  progress.done();
  const shell = apps.find((app) => app.name === 'shell');
  console.log(
    `\nReady: open http://localhost:${shell.port}/  (http://127.0.0.1:${shell.port}/ and http://[::1]:${shell.port}/ work too; Ctrl-C stops everything)`,
  );
} catch (error) {
  console.error(
    error instanceof RemoteOverrideError || error instanceof StartupProblem
      ? error.message
      : describeFailure(error),
  );
  await stopAll(1);
}
