// `npm start`: the whole product locally — the backend (data under .data/) and every app's dev
// server on its fixed port. Prints the URL once everything answers; Ctrl-C stops every process.
// `npm start -- --firestore=google` (or FIRESTORE_BACKEND=google) runs Google's Firestore emulator.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { REMOTES, SHELL_PORT } from 'tooling/federation.cjs';
import { ROOT, describeFailure, localBackendOptions, startBackend } from './lib/backend.mjs';
import { stopChildren } from './lib/children.mjs';
import { firestoreBackendFrom } from './lib/firestore-backend.mjs';
import { waitForHttp } from './lib/ports.mjs';

const WEBPACK_CLI = createRequire(import.meta.url).resolve('webpack-cli/bin/cli.js');
const local = localBackendOptions();
const { dataDir } = local;
const apps = [
  { name: 'shell', folder: 'shell', port: SHELL_PORT },
  ...Object.entries(REMOTES).map(([name, remote]) => ({
    name,
    folder: remote.folder,
    port: remote.port,
  })),
];

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

try {
  const firestore = firestoreBackendFrom();
  console.log(`Starting the local backend (Firestore: ${firestore})…`);
  backend = await startBackend({
    firestore,
    ...local,
    quiet: true,
  });
  console.log(
    `Backend ready: auth ${backend.authUrl}, firestore ${backend.firestoreUrl}, storage ${backend.storageUrl} (data in ${path.relative(ROOT, dataDir)})`,
  );

  console.log(`Starting ${apps.length} dev servers (the first compile takes a minute)…`);
  for (const app of apps) {
    // webpack-cli itself, not through npx, so that stopping reaches the dev server directly.
    const child = spawn(process.execPath, [WEBPACK_CLI, 'serve', '--mode', 'development'], {
      cwd: path.join(ROOT, app.folder),
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: '0' },
    });
    const forward = (chunk) => {
      const text = String(chunk);
      if (/error/i.test(text)) process.stderr.write(text.replace(/^/gm, `[${app.name}] `));
    };
    child.stdout.on('data', forward);
    child.stderr.on('data', forward);
    child.on('exit', (code) => {
      if (!stopping) {
        console.error(`[${app.name}] dev server exited with code ${code}`);
        void stopAll(1);
      }
    });
    children.push(child);
  }
  await Promise.all(apps.map((app) => waitForHttp(`http://127.0.0.1:${app.port}/`, 300_000)));
  console.log(`\nReady: open http://127.0.0.1:${SHELL_PORT}/  (Ctrl-C stops everything)`);
  for (const app of apps) console.log(`  ${app.name.padEnd(8)} http://127.0.0.1:${app.port}/`);
} catch (error) {
  console.error(describeFailure(error));
  await stopAll(1);
}
