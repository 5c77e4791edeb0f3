// Starts the local backend: firebase-tools' Auth emulator and the project's own emulator
// (Firestore + Storage), for one project id. Used by `npm run emulators`, `npm start`, the e2e suite
// and the benchmarks, so all of them run the same backend the same way. With the Firestore backend
// 'google', Firestore is Google's Cloud Firestore emulator instead (Storage stays on ours).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { LOCAL_BACKEND } from 'tooling/runtime-config.cjs';
import { stopChildren } from './children.mjs';
import { UnknownFirestoreBackend, firestoreBackendFrom } from './firestore-backend.mjs';
import { waitForHttp } from './ports.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const FIREBASE_BIN = path.join(ROOT, 'node_modules/firebase-tools/lib/bin/firebase.js');
const EMULATOR_CLI = path.join(ROOT, 'emulator/dist/cli.js');
const GOOGLE_FIRESTORE_MODULE = path.join(ROOT, 'emulator/dist/reference/googleFirestore.js');
/** Where Google's emulator keeps its export under the data directory (ours owns the rest). */
const GOOGLE_FIRESTORE_DATA = 'google-firestore';

/** The backend cannot start for a reason the user fixes (e.g. Java missing); `message` is one line. */
/**
 * What `npm start` and `npm run emulators` run: the project id and fixed ports of the local
 * backend (tooling/runtime-config.cjs), with data under .data/ (EMULATOR_DATA_DIR moves it).
 */
export function localBackendOptions() {
  return {
    projectId: LOCAL_BACKEND.projectId,
    ports: {
      auth: LOCAL_BACKEND.authPort,
      firestore: LOCAL_BACKEND.firestorePort,
      storage: LOCAL_BACKEND.storagePort,
    },
    dataDir: path.resolve(ROOT, process.env.EMULATOR_DATA_DIR || '.data'),
  };
}

export class BackendUnavailable extends Error {}

/** What a script prints when the backend failed: the one line for known causes, else the stack. */
export function describeFailure(error) {
  const known = error instanceof BackendUnavailable || error instanceof UnknownFirestoreBackend;
  return known ? error.message : (error?.stack ?? String(error));
}

/** Google's emulator's launcher (compiled), with Java and the jar located; one line when missing. */
async function locateGoogleFirestore() {
  const reference = await import(pathToFileURL(GOOGLE_FIRESTORE_MODULE).href);
  try {
    return { reference, install: reference.locateGoogleFirestore() };
  } catch (error) {
    if (error instanceof reference.ReferenceEmulatorMissing)
      throw new BackendUnavailable(error.message);
    throw error;
  }
}

/** The emulator package runs from its compiled output; build it when missing or older than src. */
export async function ensureEmulatorBuilt(log = console.log) {
  const newest = (dir) =>
    fs
      .readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .reduce(
        (max, entry) => Math.max(max, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs),
        0,
      );
  const built =
    fs.existsSync(EMULATOR_CLI) &&
    newest(path.join(ROOT, 'emulator/dist')) >= newest(path.join(ROOT, 'emulator/src'));
  if (built) return;
  log('building the emulator package…');
  await run('npm', ['run', 'build', '-w', 'emulator'], { stdio: 'inherit' });
}

function run(command, args, options) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, ...options });
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited ${code}`)),
    );
  });
}

/**
 * @param {{
 *   projectId: string,
 *   host?: string,
 *   ports: { auth: number, firestore: number, storage: number, hub?: number, logging?: number },
 *   dataDir: string | null,   // null: everything in memory (tests)
 *   log?: (line: string) => void,
 *   quiet?: boolean,          // keep the emulators' own output out of the terminal
 *   firestore?: 'emulator' | 'google', // default: FIRESTORE_BACKEND, else 'emulator'
 *   requireIndexes?: boolean, // default true: queries need firestore.indexes.json's indexes, as in production
 * }} options
 */
export async function startBackend(options) {
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? ((line) => console.log(line));
  const firestoreBackend = options.firestore ?? firestoreBackendFrom([]);
  await ensureEmulatorBuilt(log);
  // Before anything starts: a missing Java or emulator is one line, not a half-started backend.
  const google = firestoreBackend === 'google' ? await locateGoogleFirestore() : null;
  const children = [];
  const stdio = options.quiet ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'pipe', 'inherit'];
  const env = {
    ...process.env,
    NO_UPDATE_NOTIFIER: '1',
    FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true',
  };

  // firebase-tools reads its ports from a firebase.json; a generated one lets tests use free ports.
  const authDir = fs.mkdtempSync(path.join(os.tmpdir(), 'social-auth-'));
  fs.writeFileSync(
    path.join(authDir, 'firebase.json'),
    JSON.stringify({
      emulators: {
        singleProjectMode: true,
        auth: { host, port: options.ports.auth },
        ...(options.ports.hub ? { hub: { host, port: options.ports.hub } } : {}),
        ...(options.ports.logging ? { logging: { host, port: options.ports.logging } } : {}),
        ui: { enabled: false },
      },
    }),
  );
  const authArgs = [
    FIREBASE_BIN,
    'emulators:start',
    '--only',
    'auth',
    '--project',
    options.projectId,
  ];
  if (options.dataDir) {
    // Accounts survive restarts like the rest of the local data.
    const authData = path.join(options.dataDir, 'auth');
    if (fs.existsSync(path.join(authData, 'firebase-export-metadata.json')))
      authArgs.push('--import', authData);
    authArgs.push('--export-on-exit', authData);
  }
  const auth = spawn(process.execPath, authArgs, { cwd: authDir, env, stdio });
  children.push(auth);
  if (!options.quiet)
    auth.stdout.on('data', (chunk) => process.stdout.write(prefix('auth', chunk)));

  const emulatorArgs = [
    EMULATOR_CLI,
    '--project',
    options.projectId,
    '--host',
    host,
    '--firestore-port',
    // With Google's Firestore, ours serves Storage only; its Firestore listens on a port nobody uses.
    String(google ? 0 : options.ports.firestore),
    '--storage-port',
    String(options.ports.storage),
    '--config',
    path.join(ROOT, 'firebase.json'),
    ...(options.dataDir ? ['--data-dir', options.dataDir] : ['--in-memory']),
    // A query production would refuse for a missing index fails here too, not first in production.
    ...(options.requireIndexes === false ? [] : ['--require-indexes']),
  ];
  const emulator = spawn(process.execPath, emulatorArgs, { cwd: ROOT, env, stdio });
  children.push(emulator);
  const emulatorReady = new Promise((resolve, reject) => {
    let buffer = '';
    emulator.stdout.on('data', (chunk) => {
      buffer += chunk;
      if (!options.quiet) process.stdout.write(prefix('emulator', chunk));
      if (buffer.includes('emulator ready')) resolve();
    });
    emulator.on('exit', (code) => reject(new Error(`the emulator exited with code ${code}`)));
  });
  const authExited = new Promise((_, reject) =>
    auth.on('exit', (code) => reject(new Error(`the Auth emulator exited with code ${code}`))),
  );

  const googleFirestore = google
    ? google.reference
        .startGoogleFirestore({
          projectId: options.projectId,
          host,
          port: options.ports.firestore,
          rulesPath: path.join(ROOT, 'firestore.rules'),
          dataDir: options.dataDir && path.join(options.dataDir, GOOGLE_FIRESTORE_DATA),
          install: google.install,
          log: options.quiet ? undefined : (line) => process.stdout.write(`[firestore] ${line}\n`),
        })
        .then(async (running) => {
          await warmUpRules(running.url, options.projectId);
          return running;
        })
    : null;

  const stop = async () => {
    await Promise.all([
      stopChildren(children),
      googleFirestore
        ?.then(
          (running) => running.stop(),
          () => undefined,
        )
        .catch((error) =>
          log(`Google's Firestore emulator did not stop cleanly: ${error.message}`),
        ),
    ]);
    fs.rmSync(authDir, { recursive: true, force: true });
  };

  try {
    await Promise.race([
      Promise.all([
        emulatorReady,
        googleFirestore,
        waitForHttp(`http://${host}:${options.ports.auth}/`, 240_000),
      ]),
      authExited,
    ]);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    projectId: options.projectId,
    firestoreBackend,
    host,
    ports: options.ports,
    authUrl: `http://${host}:${options.ports.auth}`,
    firestoreUrl: `http://${host}:${options.ports.firestore}`,
    storageUrl: `http://${host}:${options.ports.storage}`,
    stop,
  };
}

/**
 * Google's emulator loads its rules engine on the first write it checks, which took 10-13 s here:
 * longer than the product's 15 s write time-out allows on a busy machine. One write that no rule
 * matches (so it is always denied and stores nothing) pays that before anyone is told it is ready.
 */
async function warmUpRules(url, projectId) {
  const database = `projects/${projectId}/databases/(default)`;
  await fetch(`${url}/v1/${database}/documents:commit`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      writes: [{ update: { name: `${database}/documents/backend-warm-up/denied`, fields: {} } }],
    }),
  });
}

function prefix(name, chunk) {
  return String(chunk)
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => `[${name}] ${line}\n`)
    .join('');
}
