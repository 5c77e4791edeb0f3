// Google's Cloud Firestore emulator, the reference backend: found on this machine, started on a
// port with the product's rules, its data kept across restarts, stopped. One definition for every
// caller (npm start / npm run emulators, the e2e and SDK suites, the differential test, the bench).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Set to a `cloud-firestore-emulator.jar` to use that copy instead of the gcloud SDK's. */
export const JAR_VARIABLE = 'GOOGLE_FIRESTORE_EMULATOR_JAR';
const MAIN_CLASS = 'com.google.cloud.datastore.emulator.firestore.CloudFirestore';
const JAR_IN_SDK = path.join(
  'platform',
  'cloud-firestore-emulator',
  'cloud-firestore-emulator.jar',
);
const EXPORT_NAME = 'firestore_export';
const EXPORT_METADATA = `${EXPORT_NAME}.overall_export_metadata`;

/** Java or the emulator is missing; `message` is one line saying what and how to install it. */
export class ReferenceEmulatorMissing extends Error {}

export interface GoogleFirestoreInstall {
  java: string;
  jar: string;
}

function sdkRoots(env: NodeJS.ProcessEnv): string[] {
  const roots: string[] = [];
  if (env.CLOUDSDK_ROOT_DIR) roots.push(env.CLOUDSDK_ROOT_DIR);
  for (const dir of (env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    const gcloud = path.join(dir, 'gcloud');
    if (!fs.existsSync(gcloud)) continue;
    // <sdk>/bin/gcloud, usually reached through a symlink in /usr/bin.
    roots.push(path.dirname(path.dirname(fs.realpathSync(gcloud))));
  }
  roots.push(
    '/usr/lib/google-cloud-sdk',
    '/usr/share/google-cloud-sdk',
    '/opt/google-cloud-sdk',
    path.join(os.homedir(), 'google-cloud-sdk'),
  );
  return [...new Set(roots)];
}

function findJar(env: NodeJS.ProcessEnv): string {
  const chosen = env[JAR_VARIABLE];
  if (chosen) {
    if (fs.existsSync(chosen)) return chosen;
    throw new ReferenceEmulatorMissing(
      `Google's Cloud Firestore emulator was not found: ${JAR_VARIABLE}=${chosen} does not exist ` +
        `(point it at a cloud-firestore-emulator.jar, or unset it to use the gcloud SDK's).`,
    );
  }
  const roots = sdkRoots(env);
  const jar = roots.map((root) => path.join(root, JAR_IN_SDK)).find((file) => fs.existsSync(file));
  if (jar) return jar;
  throw new ReferenceEmulatorMissing(
    `Google's Cloud Firestore emulator was not found (looked in ${roots.join(', ')}): install it ` +
      `with 'gcloud components install cloud-firestore-emulator' (Debian: 'apt-get install ` +
      `google-cloud-cli-firestore-emulator'), or set ${JAR_VARIABLE} to its cloud-firestore-emulator.jar.`,
  );
}

function findJava(env: NodeJS.ProcessEnv): string {
  const candidates = [
    ...(env.JAVA ? [env.JAVA] : []),
    ...(env.JAVA_HOME ? [path.join(env.JAVA_HOME, 'bin', 'java')] : []),
    'java',
  ];
  for (const java of candidates) {
    const probe = spawnSync(java, ['-version'], { env, stdio: 'ignore', timeout: 20_000 });
    if (probe.status === 0) return java;
  }
  throw new ReferenceEmulatorMissing(
    "Java (11 or later) was not found, and Google's Cloud Firestore emulator runs on it: install " +
      "it (Debian: 'apt-get install -y openjdk-17-jre-headless') or set JAVA_HOME.",
  );
}

/** Where Java and the emulator's jar are; throws ReferenceEmulatorMissing with how to install. */
export function locateGoogleFirestore(
  env: NodeJS.ProcessEnv = process.env,
): GoogleFirestoreInstall {
  const jar = findJar(env);
  return { java: findJava(env), jar };
}

export interface GoogleFirestoreOptions {
  projectId: string;
  host?: string;
  port: number;
  /** A rules file loaded at start (the product's `firestore.rules`); none: everything allowed. */
  rulesPath?: string;
  /**
   * Data kept across restarts: imported from `<dataDir>/firestore_export/` at start and exported
   * there by `stop()`. null keeps everything in memory.
   */
  dataDir: string | null;
  /** Each line the emulator prints (default: dropped; the last lines are kept for errors). */
  log?: (line: string) => void;
  install?: GoogleFirestoreInstall;
  /** How long start-up may take (default 90 s: the JVM is slow on a busy machine). */
  readyTimeoutMs?: number;
  /** Options for the JVM before the class path (e.g. SHORT_RUN_JVM_OPTIONS). */
  jvmOptions?: string[];
  /**
   * `host:port` its Cloud Functions trigger events go to (its `--functions_emulator`, as
   * firebase-tools passes it); none: triggers never fire.
   */
  functionsEmulator?: string;
}

/**
 * For short runs that are mostly JIT warm-up (the differential test): the client compiler only,
 * one compiler thread and the serial collector. Half the emulator's CPU over a 4,000-operation
 * differential run on the 2-core machine; long-running servers and the bench keep the JVM's defaults.
 */
export const SHORT_RUN_JVM_OPTIONS = [
  '-XX:TieredStopAtLevel=1',
  '-XX:CICompilerCount=1',
  '-XX:+UseSerialGC',
];

export interface RunningGoogleFirestore {
  url: string;
  host: string;
  port: number;
  pid: number;
  /** Writes the data as an export under `<dir>/firestore_export/`, replacing an older one. */
  exportTo(dir: string): Promise<void>;
  /** Exports to `dataDir` (when given), then stops the process. */
  stop(): Promise<void>;
}

function collectLines(child: ChildProcess, log: (line: string) => void): () => string {
  const tail: string[] = [];
  let partial = '';
  const take = (chunk: Buffer) => {
    const lines = (partial + chunk.toString('utf8')).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines.map((text) => text.trimEnd()).filter(Boolean)) {
      tail.push(line);
      if (tail.length > 40) tail.shift();
      log(line);
    }
  };
  child.stdout?.on('data', take);
  child.stderr?.on('data', take);
  return () => tail.join('\n');
}

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
    return response.ok;
  } catch {
    return false;
  }
}

function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
}

async function exportData(url: string, projectId: string, dir: string): Promise<void> {
  // The emulator writes `<export_directory>/<export_name>/`; write beside the old export and swap,
  // so a failed export never destroys the last good one.
  fs.mkdirSync(dir, { recursive: true });
  const staging = fs.mkdtempSync(path.join(dir, '.export-'));
  try {
    const response = await fetch(`${url}/emulator/v1/projects/${projectId}:export`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        database: `projects/${projectId}/databases/(default)`,
        export_directory: staging,
        export_name: EXPORT_NAME,
      }),
    });
    if (!response.ok) throw new Error(`export failed: ${response.status} ${await response.text()}`);
    const target = path.join(dir, EXPORT_NAME);
    const previous = `${target}.old`;
    fs.rmSync(previous, { recursive: true, force: true });
    if (fs.existsSync(target)) fs.renameSync(target, previous);
    fs.renameSync(path.join(staging, EXPORT_NAME), target);
    fs.rmSync(previous, { recursive: true, force: true });
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/** Starts Google's emulator and resolves once it answers HTTP. */
export async function startGoogleFirestore(
  options: GoogleFirestoreOptions,
): Promise<RunningGoogleFirestore> {
  const install = options.install ?? locateGoogleFirestore();
  const host = options.host ?? '127.0.0.1';
  const url = `http://${host}:${options.port}`;
  const args = [
    ...(options.jvmOptions ?? []),
    '-Duser.language=en',
    '-cp',
    install.jar,
    MAIN_CLASS,
    'start',
    `--host=${host}`,
    `--port=${options.port}`,
    `--project_id=${options.projectId}`,
  ];
  if (options.rulesPath) args.push(`--rules=${path.resolve(options.rulesPath)}`);
  if (options.functionsEmulator) args.push(`--functions_emulator=${options.functionsEmulator}`);
  const seed = options.dataDir && path.join(options.dataDir, EXPORT_NAME, EXPORT_METADATA);
  if (seed && fs.existsSync(seed)) args.push(`--seed_from_export=${seed}`);

  // Its own process group: Ctrl-C in a terminal signals the whole foreground group, and the JVM
  // would exit at once, before `stop()` exports the data; `stop()` alone ends it.
  const child = spawn(install.java, args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const output = collectLines(child, options.log ?? (() => {}));
  const exit = exited(child);
  let ended = false;
  void exit.then(() => (ended = true));

  const deadline = Date.now() + (options.readyTimeoutMs ?? 90_000);
  while (!(await answers(url))) {
    if (ended) {
      throw new Error(
        `Google's Cloud Firestore emulator exited during start-up (port ${options.port}):\n${output()}`,
      );
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`Google's Cloud Firestore emulator did not answer at ${url}:\n${output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  let stopping: Promise<void> | null = null;
  return {
    url,
    host,
    port: options.port,
    pid: child.pid ?? -1,
    exportTo: (dir) => exportData(url, options.projectId, dir),
    stop() {
      stopping ??= (async () => {
        try {
          if (options.dataDir && !ended) await exportData(url, options.projectId, options.dataDir);
        } finally {
          if (!ended) {
            child.kill('SIGTERM');
            const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
            await exit;
            clearTimeout(timer);
          }
        }
      })();
      return stopping;
    },
  };
}
