// Starts the local backend: firebase-tools' Auth emulator and the project's own emulator
// (Firestore + Storage), for one project id. Used by `npm run emulators`, `npm start`, the e2e suite
// and the benchmarks, so all of them run the same backend the same way. With the Firestore backend
// 'google', Firestore is Google's Cloud Firestore emulator instead (Storage stays on ours). When
// firebase.json lists functions codebases, firebase-tools' Functions emulator runs them too, with
// their Firestore triggers on whichever Firestore runs (emulator/README.md "Cloud Functions").
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { LOCAL_BACKEND } from 'build-config/runtime-config.cjs';
import { stopChildren } from './children.mjs';
import { UnknownFirestoreBackend, firestoreBackendFrom } from './firestore-backend.mjs';
import { freePort, waitForHttp } from './ports.mjs';
import { StartupProblem } from './preflight.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const FIREBASE_BIN = path.join(ROOT, 'node_modules/firebase-tools/lib/bin/firebase.js');
const EMULATOR_CLI = path.join(ROOT, 'tools/emulator/dist/cli.js');
const GOOGLE_FIRESTORE_MODULE = path.join(ROOT, 'tools/emulator/dist/reference/googleFirestore.js');
const FUNCTIONS_MODULE = path.join(ROOT, 'tools/emulator/dist/functions/index.js');
/** Where Google's emulator keeps its export under the data directory (ours owns the rest). */
const GOOGLE_FIRESTORE_DATA = 'google-firestore';

/**
 * How long firebase-tools' Auth emulator may take to answer: about 10 s on an idle machine, but
 * more than 4 minutes was seen on a shared 2-core machine under load.
 */
const AUTH_START_TIMEOUT_MS = 600_000;

/** The variables that move the local backend's ports (the same ones runtime-config.json reads). */
export const BACKEND_PORT_VARIABLES = {
  auth: 'AUTH_EMULATOR_PORT',
  firestore: 'FIRESTORE_EMULATOR_PORT',
  storage: 'STORAGE_EMULATOR_PORT',
  hub: 'EMULATOR_HUB_PORT',
  logging: 'EMULATOR_LOGGING_PORT',
  dataBrowser: 'EMULATOR_DATA_BROWSER_PORT',
  functions: 'FUNCTIONS_EMULATOR_PORT',
};

/**
 * What `npm start` and `npm run emulators` run: the project id and fixed ports of the local
 * backend (tools/build-config/runtime-config.cjs; each movable with its variable above), with data under
 * .data/ (EMULATOR_DATA_DIR moves it).
 */
export function localBackendOptions(env = process.env) {
  const port = (service, fallback) => {
    const value = env[BACKEND_PORT_VARIABLES[service]];
    return value ? Number(value) : fallback;
  };
  const hub = port('hub', undefined);
  const logging = port('logging', undefined);
  return {
    projectId: LOCAL_BACKEND.projectId,
    ports: {
      auth: port('auth', LOCAL_BACKEND.authPort),
      firestore: port('firestore', LOCAL_BACKEND.firestorePort),
      storage: port('storage', LOCAL_BACKEND.storagePort),
      dataBrowser: port('dataBrowser', LOCAL_BACKEND.dataBrowserPort),
      functions: port('functions', LOCAL_BACKEND.functionsPort),
      ...(hub ? { hub } : {}),
      ...(logging ? { logging } : {}),
    },
    dataDir: path.resolve(ROOT, env.EMULATOR_DATA_DIR || '.data'),
  };
}

/** The backend's ports as the start-up check wants them: service, port, the variable moving it. */
export function backendPortChecks(ports) {
  const names = {
    auth: 'Auth emulator',
    firestore: 'Firestore emulator',
    storage: 'Storage emulator',
    hub: 'emulator hub',
    logging: 'emulator logging',
    dataBrowser: 'data browser',
    functions: 'Functions emulator',
  };
  return Object.entries(ports).map(([service, port]) => ({
    service: names[service],
    port,
    variable: BACKEND_PORT_VARIABLES[service],
  }));
}

/** The backend cannot start for a reason the user fixes (e.g. Java missing); `message` is one line. */
export class BackendUnavailable extends Error {}

/** What a script prints when the backend failed: the one line for known causes, else the stack. */
export function describeFailure(error) {
  const known =
    error instanceof BackendUnavailable ||
    error instanceof UnknownFirestoreBackend ||
    error instanceof StartupProblem;
  return known ? error.message : (error?.stack ?? String(error));
}

/** The functions codebases `firebaseJson` lists (none: no Functions emulator runs). */
export async function functionsCodebasesOf(firebaseJson = path.join(ROOT, 'firebase.json')) {
  await ensureEmulatorBuilt();
  const functions = await import(pathToFileURL(FUNCTIONS_MODULE).href);
  return functions.functionsCodebases(firebaseJson);
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
    newest(path.join(ROOT, 'tools/emulator/dist')) >= newest(path.join(ROOT, 'tools/emulator/src'));
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
 *   ports: { auth: number, firestore: number, storage: number, hub?: number, logging?: number, dataBrowser?: number },
 *   dataDir: string | null,   // null: everything in memory (tests)
 *   log?: (line: string) => void,
 *   quiet?: boolean,          // keep the emulators' own output out of the terminal (their
 *                             // stderr is still forwarded, prefixed with the service's name)
 *   onReady?: (service: string, url: string) => void, // each service, as it starts answering
 *   firestore?: 'emulator' | 'google', // default: FIRESTORE_BACKEND, else 'emulator'
 *   requireIndexes?: boolean, // default true: queries need firestore.indexes.json's indexes, as in production
 *   firebaseJson?: string,    // whose `functions` codebases run (default: the repository's)
 *   watchFunctions?: boolean, // recompile the codebases on every change (npm start, npm run emulators)
 *   onFunctionsLine?: (line: string) => void, // every line the Functions emulator prints (function logs included)
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
  const stdio = ['ignore', 'pipe', 'pipe'];
  const onReady = options.onReady ?? (() => undefined);
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
  const authErrors = forwardErrors('auth', auth);
  auth.stdout.on('data', (chunk) => {
    if (!options.quiet) process.stdout.write(prefix('auth', chunk));
    // firebase-tools prints its errors on stdout: quiet or not, they reach stderr.
    else forwardIfError('auth', chunk, authErrors);
  });

  // Listened for at once: compiling the functions codebases below can take longer than the Auth
  // emulator takes to fail (a port taken), and an exit before the listener would go unnoticed.
  const authExited = new Promise((_, reject) =>
    auth.on('exit', (code) => reject(exitedError('the Auth emulator', code, authErrors.lines))),
  );
  // Awaited in the start's race below; until then a failure must not count as unhandled.
  authExited.catch(() => undefined);

  const functionsRun = await prepareFunctions(options, host, log);
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
    ...(options.ports.dataBrowser
      ? ['--data-browser-port', String(options.ports.dataBrowser)]
      : []),
    // The data browser's Auth page manages the Auth emulator's users.
    '--auth-emulator',
    `${host}:${options.ports.auth}`,
    // A query production would refuse for a missing index fails here too, not first in production.
    ...(options.requireIndexes === false ? [] : ['--require-indexes']),
    // Our Storage (on both backends) and our Firestore deliver trigger events to the Functions
    // emulator; Google's Firestore delivers its own through the host's relay.
    ...(functionsRun ? ['--functions-emulator', `${host}:${functionsRun.port}`] : []),
  ];
  const emulator = spawn(process.execPath, emulatorArgs, { cwd: ROOT, env, stdio });
  children.push(emulator);
  const emulatorErrors = forwardErrors('emulator', emulator);
  const emulatorReady = new Promise((resolve, reject) => {
    let buffer = '';
    emulator.stdout.on('data', (chunk) => {
      buffer += chunk;
      if (!options.quiet) process.stdout.write(prefix('emulator', chunk));
      if (buffer.includes('emulator ready')) resolve();
    });
    emulator.on('exit', (code) => reject(exitedError('the emulator', code, emulatorErrors.lines)));
  }).then(() => {
    if (!google) onReady('firestore', `http://${host}:${options.ports.firestore}`);
    onReady('storage', `http://${host}:${options.ports.storage}`);
  });
  const googleFirestore = google
    ? google.reference
        .startGoogleFirestore({
          projectId: options.projectId,
          host,
          port: options.ports.firestore,
          rulesPath: path.join(ROOT, 'firestore.rules'),
          dataDir: options.dataDir && path.join(options.dataDir, GOOGLE_FIRESTORE_DATA),
          install: google.install,
          ...(functionsRun ? { functionsEmulator: `${host}:${functionsRun.relayPort}` } : {}),
          log: options.quiet ? undefined : (line) => process.stdout.write(`[firestore] ${line}\n`),
        })
        .then(async (running) => {
          await warmUpRules(running.url, options.projectId);
          onReady('firestore', running.url);
          return running;
        })
    : null;

  let functions = null;
  // The Functions emulator registers its triggers with Firestore, so it starts once Firestore
  // answers; it needs only the Auth emulator's address, so it boots beside it (both are
  // firebase-tools, about 15 s of one core each), not after it.
  const firestoreReady = Promise.all([emulatorReady, googleFirestore]);
  const functionsStarted = functionsRun
    ? firestoreReady.then(async () => {
        functions = await functionsRun.start({
          firestore: { host, port: options.ports.firestore },
          auth: { host, port: options.ports.auth },
          storage: { host, port: options.ports.storage },
          dataDir: options.dataDir,
          google: Boolean(google),
          onReady,
        });
      })
    : Promise.resolve();
  const stop = async () => {
    functionsRun?.watcher?.stop();
    // A Functions emulator still loading is stopped once it has started (or failed to).
    await functionsStarted.catch(() => undefined);
    // The Functions emulator first: its workers call the others until they are gone.
    await functions?.stop();
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
        firestoreReady,
        waitForHttp(`http://${host}:${options.ports.auth}/`, AUTH_START_TIMEOUT_MS).then(() =>
          onReady('auth', `http://${host}:${options.ports.auth}`),
        ),
        functionsStarted,
      ]),
      authExited,
    ]);
  } catch (error) {
    await stop();
    throw error;
  }
  // Quiet runs keep the emulator's own "data browser ready" line out of the terminal: say it here.
  if (options.ports.dataBrowser && options.quiet)
    log(`Data browser: http://127.0.0.1:${options.ports.dataBrowser}/`);
  return {
    projectId: options.projectId,
    firestoreBackend,
    host,
    ports: options.ports,
    authUrl: `http://${host}:${options.ports.auth}`,
    firestoreUrl: `http://${host}:${options.ports.firestore}`,
    storageUrl: `http://${host}:${options.ports.storage}`,
    /** The Functions emulator's address; null when no codebase runs or it failed to start. */
    functionsUrl: functions?.url ?? null,
    /**
     * Turns the functions' event triggers off (events dropped) or back on; a no-op without the
     * Functions emulator. The scale bench seeds with them off.
     */
    setBackgroundTriggers: async (enabled) => {
      await functions?.setBackgroundTriggers(enabled);
    },
    stop,
  };
}

/**
 * Functions lines worth a developer's eye when the rest of its output is kept quiet: the
 * functions' own logs but their debug-level ones (`onFunctionsLine` gets those too).
 */
const FUNCTIONS_LINES_SHOWN_WHEN_QUIET =
  /^>(?!\s*\{"severity":"DEBUG")|Loaded functions definitions/;

/**
 * The Functions emulator's part of the start, when firebase.json lists codebases: compiles them
 * (and, for npm start, keeps compiling them on change: firebase-tools reloads what it sees in
 * their output), picks its port (and the relay port Google's Firestore posts events to), and
 * returns how to start it once the other emulators answer. Null when there is no codebase.
 */
async function prepareFunctions(options, host, log) {
  const firebaseJson = options.firebaseJson ?? path.join(ROOT, 'firebase.json');
  const functionsModule = await import(pathToFileURL(FUNCTIONS_MODULE).href);
  const codebases = functionsModule.functionsCodebases(firebaseJson);
  if (codebases.length === 0) return null;
  const forwardError = (line) => process.stderr.write(prefix('functions', line));
  try {
    await functionsModule.buildCodebases(codebases);
  } catch (error) {
    // The Functions emulator loads what did compile; the errors are the developer's to fix.
    forwardError(error.message);
  }
  const watcher = options.watchFunctions
    ? functionsModule.watchCodebases(codebases, forwardError)
    : null;
  const port = options.ports.functions ?? (await freePort(host));
  const relayPort = await freePort(host);
  return {
    port,
    relayPort,
    watcher,
    /** Resolves with the running Functions emulator, or null (said in one line) when it fails. */
    async start({ firestore, auth, storage, dataDir, google, onReady }) {
      const notRunning = (why) =>
        log(`  ✗ Functions emulator   not running: ${why.split('\n')[0]}; triggers wait for it`);
      try {
        const running = await functionsModule.startFunctionsEmulator({
          projectId: options.projectId,
          projectDir: path.dirname(firebaseJson),
          host,
          port,
          codebases,
          firestore,
          auth,
          storage,
          // Google's emulator sends each event once; the relay delivers it until acknowledged.
          ...(google
            ? {
                relay: {
                  port: relayPort,
                  outboxDir: dataDir && path.join(dataDir, GOOGLE_FIRESTORE_DATA, 'triggers'),
                },
              }
            : {}),
          log: (line) => {
            options.onFunctionsLine?.(line);
            if (!options.quiet || FUNCTIONS_LINES_SHOWN_WHEN_QUIET.test(line)) {
              process.stdout.write(prefix('functions', line));
            }
          },
          onError: (line) => {
            options.onFunctionsLine?.(line);
            forwardError(line);
          },
        });
        onReady('functions', running.url);
        void running.exited.then((code) => {
          if (!running.stopping) notRunning(`it exited with code ${code}`);
        });
        return {
          url: running.url,
          setBackgroundTriggers: (enabled) => running.setBackgroundTriggers(enabled),
          stop: () => {
            running.stopping = true;
            return running.stop();
          },
        };
      } catch (error) {
        notRunning(error.message);
        return null;
      }
    },
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

/**
 * Forwards a child's stderr to ours, each line prefixed with the service's name, and keeps the
 * last lines so a failed start can say why.
 */
function forwardErrors(name, child) {
  const kept = { lines: [] };
  child.stderr.on('data', (chunk) => {
    const text = prefix(name, chunk);
    process.stderr.write(text);
    kept.lines.push(...text.trimEnd().split('\n'));
    kept.lines.splice(0, Math.max(0, kept.lines.length - 5));
  });
  return kept;
}

function forwardIfError(name, chunk, kept) {
  const errors = String(chunk)
    .split('\n')
    // Its MOTD warning only says there is no network here.
    .filter((line) => /error|could not|not open/i.test(line) && !/MOTD/.test(line))
    .join('\n');
  if (!errors) return;
  const text = prefix(name, errors);
  process.stderr.write(text);
  kept.lines.push(...text.trimEnd().split('\n'));
  kept.lines.splice(0, Math.max(0, kept.lines.length - 5));
}

/** A backend process ended before it was ready: its code and its last error lines. */
function exitedError(what, code, lines) {
  return new BackendUnavailable(
    `${what} exited with code ${code}${lines.length ? `:\n${lines.join('\n')}` : ''}`,
  );
}

function prefix(name, chunk) {
  return (
    String(chunk)
      .split('\n')
      .filter((line) => line.trim() !== '')
      // The emulator prefixes some of its own lines already.
      .map((line) => (line.startsWith(`[${name}]`) ? `${line}\n` : `[${name}] ${line}\n`))
      .join('')
  );
}
