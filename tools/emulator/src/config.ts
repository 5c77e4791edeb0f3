import fs from 'node:fs';
import path from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';

/** Everything the CLI needs to start the emulator, after flags, environment and firebase.json. */
export interface EmulatorConfig {
  projectId: string;
  host: string;
  /** Host names besides the loopback ones (and `host`) that requests may name. */
  allowedHosts: string[];
  firestorePort: number;
  storagePort: number;
  /** null = in memory */
  dataDir: string | null;
  firebaseJsonPath: string | undefined;
  importDir: string | undefined;
  exportOnExit: string | undefined;
  /** The data browser's port; null = off (the default). */
  dataBrowserPort: number | null;
  /** Refuse queries that the indexes of firestore.indexes.json cannot serve, as production does. */
  requireIndexes: boolean;
  /** `host:port` of firebase-tools' Functions emulator, which triggers' events go to; null = none. */
  functionsEmulator: string | null;
  /** `host:port` of firebase-tools' Auth emulator, for the data browser's Auth page; null = unknown. */
  authEmulator: string | null;
}

/** The parts of firebase.json the emulator reads. */
export interface FirebaseJson {
  firestore?: { rules?: string; indexes?: string };
  storage?: { rules?: string } | Array<{ rules?: string }>;
  emulators?: {
    firestore?: { host?: string; port?: number };
    storage?: { host?: string; port?: number };
  };
}

export interface RulesFiles {
  firestore: string | null;
  storage: string | null;
}

export const DEFAULTS = {
  projectId: 'demo-social',
  host: '127.0.0.1',
  firestorePort: 8080,
  storagePort: 9199,
} as const;

const USAGE = `Usage: social-emulator --project ID [--host 127.0.0.1] [--firestore-port 8080]
  [--storage-port 9199] [--data-dir DIR | --in-memory] [--config firebase.json]
  [--import DIR] [--export-on-exit DIR] [--data-browser-port PORT] [--require-indexes]
  [--allowed-hosts NAME,NAME]
  [--functions-emulator HOST:PORT] [--auth-emulator HOST:PORT]

--data-browser-port serves the data browser (view and edit the data and the Auth users, requests
with the rules' decisions, rules coverage, usage per collection, live sessions) on 127.0.0.1:PORT;
it is off unless given.

--require-indexes refuses queries that production would refuse for a missing composite index,
reading the indexes from the file firebase.json names in "firestore.indexes".

Requests must name the emulator as localhost, 127.0.0.1, [::1] or --host (421 otherwise), and
web pages must come from those names (403 otherwise); --allowed-hosts adds names, e.g. the one a
phone on the network uses with --host 0.0.0.0.

--auth-emulator names firebase-tools' Auth emulator, whose users the data browser's Auth page lists
and edits (default: FIREBASE_AUTH_EMULATOR_HOST, as the Admin SDK reads it).

--functions-emulator delivers the events of the Cloud Functions triggers firebase-tools' Functions
emulator registers to it (as Google's emulator's --functions_emulator does), and every Storage
object event (as firebase-tools' Storage emulator does), at least once.

Environment: EMULATOR_PROJECT (or GCLOUD_PROJECT), EMULATOR_HOST, EMULATOR_FIRESTORE_PORT,
EMULATOR_STORAGE_PORT, EMULATOR_DATA_DIR, EMULATOR_IN_MEMORY=1, EMULATOR_CONFIG,
EMULATOR_IMPORT, EMULATOR_EXPORT_ON_EXIT, EMULATOR_DATA_BROWSER_PORT, EMULATOR_REQUIRE_INDEXES=1,
EMULATOR_ALLOWED_HOSTS, EMULATOR_FUNCTIONS_EMULATOR, EMULATOR_AUTH_EMULATOR.
Flags win over the environment, which wins over the
"emulators" section of firebase.json.`;

export class ConfigError extends Error {}

const HOST_AND_PORT = /^(\[[^\]]+\]|[^:/\s]+):\d+$/;

export function usage(): string {
  return USAGE;
}

export function readFirebaseJson(file: string): FirebaseJson {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    throw new ConfigError(`Cannot read ${file}: ${(err as Error).message}`);
  }
  try {
    return JSON.parse(text) as FirebaseJson;
  } catch (err) {
    throw new ConfigError(`${file} is not valid JSON: ${(err as Error).message}`);
  }
}

/** Absolute paths of the rules files firebase.json names (relative to its own directory). */
export function rulesFilesOf(firebaseJsonPath: string | undefined): RulesFiles {
  if (!firebaseJsonPath) return { firestore: null, storage: null };
  const json = readFirebaseJson(firebaseJsonPath);
  const dir = path.dirname(path.resolve(firebaseJsonPath));
  const storage = Array.isArray(json.storage) ? json.storage[0] : json.storage;
  return {
    firestore: json.firestore?.rules ? path.resolve(dir, json.firestore.rules) : null,
    storage: storage?.rules ? path.resolve(dir, storage.rules) : null,
  };
}

/** The absolute path of the index file firebase.json names (`firestore.indexes`), if any. */
export function indexesFileOf(firebaseJsonPath: string | undefined): string | null {
  if (!firebaseJsonPath) return null;
  const file = readFirebaseJson(firebaseJsonPath).firestore?.indexes;
  return file ? path.resolve(path.dirname(path.resolve(firebaseJsonPath)), file) : null;
}

/** firebase.json in the working directory or the nearest parent, as the Firebase CLI finds it. */
export function findFirebaseJson(start: string): string | undefined {
  let dir = path.resolve(start);
  for (;;) {
    const candidate = path.join(dir, 'firebase.json');
    if (fs.existsSync(candidate)) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

function parsePort(value: string, name: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`${name} must be a port number, got ${JSON.stringify(value)}`);
  }
  return port;
}

const FLAGS = {
  project: { type: 'string' },
  host: { type: 'string' },
  'firestore-port': { type: 'string' },
  'storage-port': { type: 'string' },
  'data-dir': { type: 'string' },
  'in-memory': { type: 'boolean' },
  config: { type: 'string' },
  import: { type: 'string' },
  'export-on-exit': { type: 'string' },
  'data-browser-port': { type: 'string' },
  'require-indexes': { type: 'boolean' },
  'allowed-hosts': { type: 'string' },
  'functions-emulator': { type: 'string' },
  'auth-emulator': { type: 'string' },
} as const satisfies ParseArgsConfig['options'];

/** The quoted flag or argument in one of parseArgs' messages. */
function quoted(message: string): string {
  return /'([^']+)'/.exec(message)?.[1] ?? message;
}

function parseFlags(argv: string[]) {
  try {
    return parseArgs({ args: argv, options: FLAGS, strict: true, allowPositionals: false }).values;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const message = (err as Error).message;
    if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
      throw new ConfigError(`${quoted(message).split(' ')[0]} needs a value`);
    }
    if (
      code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' ||
      code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL'
    ) {
      throw new ConfigError(`Unknown argument: ${quoted(message)}`);
    }
    throw err;
  }
}

/** Flags, then environment, then firebase.json, then defaults. */
export function resolveConfig(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  cwd: string = process.cwd(),
): EmulatorConfig {
  const values = parseFlags(argv);
  const configFlag = values.config ?? env['EMULATOR_CONFIG'];
  const firebaseJsonPath = configFlag ? path.resolve(cwd, configFlag) : findFirebaseJson(cwd);
  if (configFlag && !fs.existsSync(firebaseJsonPath!)) {
    throw new ConfigError(`Config file not found: ${firebaseJsonPath}`);
  }
  const json = firebaseJsonPath ? readFirebaseJson(firebaseJsonPath) : {};
  const root = firebaseJsonPath ? path.dirname(firebaseJsonPath) : cwd;

  const projectId =
    values.project ?? env['EMULATOR_PROJECT'] ?? env['GCLOUD_PROJECT'] ?? DEFAULTS.projectId;
  const host =
    values.host ?? env['EMULATOR_HOST'] ?? json.emulators?.firestore?.host ?? DEFAULTS.host;
  const firestorePortText =
    values['firestore-port'] ?? env['EMULATOR_FIRESTORE_PORT'] ?? json.emulators?.firestore?.port;
  const storagePortText =
    values['storage-port'] ?? env['EMULATOR_STORAGE_PORT'] ?? json.emulators?.storage?.port;
  const memory =
    values['in-memory'] === true ||
    env['EMULATOR_IN_MEMORY'] === '1' ||
    env['EMULATOR_IN_MEMORY'] === 'true';
  const dataDirText = values['data-dir'] ?? env['EMULATOR_DATA_DIR'];
  if (memory && values['data-dir'])
    throw new ConfigError('--in-memory and --data-dir exclude each other');
  const importText = values.import ?? env['EMULATOR_IMPORT'];
  const exportText = values['export-on-exit'] ?? env['EMULATOR_EXPORT_ON_EXIT'];
  const dataBrowserText = values['data-browser-port'] ?? env['EMULATOR_DATA_BROWSER_PORT'];
  const allowedHostsText = values['allowed-hosts'] ?? env['EMULATOR_ALLOWED_HOSTS'] ?? '';
  const functionsEmulator =
    values['functions-emulator'] ?? env['EMULATOR_FUNCTIONS_EMULATOR'] ?? null;
  if (functionsEmulator !== null && !/^(\[[^\]]+\]|[^:]+):\d+$/.test(functionsEmulator)) {
    throw new ConfigError(`--functions-emulator must be host:port: ${functionsEmulator}`);
  }
  const authEmulator =
    values['auth-emulator'] ??
    env['EMULATOR_AUTH_EMULATOR'] ??
    env['FIREBASE_AUTH_EMULATOR_HOST'] ??
    null;
  if (authEmulator !== null && !HOST_AND_PORT.test(authEmulator)) {
    throw new ConfigError(`--auth-emulator must be host:port: ${authEmulator}`);
  }

  return {
    projectId,
    host,
    allowedHosts: allowedHostsText
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name !== ''),
    firestorePort:
      firestorePortText === undefined
        ? DEFAULTS.firestorePort
        : parsePort(String(firestorePortText), 'firestore port'),
    storagePort:
      storagePortText === undefined
        ? DEFAULTS.storagePort
        : parsePort(String(storagePortText), 'storage port'),
    dataDir: memory ? null : path.resolve(cwd, dataDirText ?? path.join(root, '.data')),
    firebaseJsonPath,
    importDir: importText ? path.resolve(cwd, importText) : undefined,
    exportOnExit: exportText ? path.resolve(cwd, exportText) : undefined,
    dataBrowserPort:
      dataBrowserText === undefined ? null : parsePort(dataBrowserText, 'data browser port'),
    requireIndexes:
      values['require-indexes'] === true ||
      env['EMULATOR_REQUIRE_INDEXES'] === '1' ||
      env['EMULATOR_REQUIRE_INDEXES'] === 'true',
    functionsEmulator,
    authEmulator,
  };
}
