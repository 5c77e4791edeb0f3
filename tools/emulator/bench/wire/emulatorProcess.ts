import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The built emulator (`dist/cli.js`) in its own process, so that its CPU can be read alone from
 * /proc, on a fresh durable data directory (an acknowledgement means fdatasync'd) that is removed
 * afterwards, with the benchmark's rules loaded through a firebase.json of its own.
 */

const PACKAGE = path.resolve(__dirname, '../..');

export interface EmulatorProcess {
  pid: number;
  firestoreUrl: string;
  stop(): Promise<void>;
}

export interface EmulatorProcessOptions {
  projectId: string;
  /** Absolute path of the Firestore rules the emulator enforces. */
  firestoreRules: string;
  /** Write a V8 CPU profile (`node --cpu-prof`) of the emulator into this directory. */
  cpuProfileDir?: string;
  /** Another build's cli.js (to compare two servers); default this package's dist/cli.js. */
  cliPath?: string;
}

function waitForExit(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

export async function startEmulatorProcess(
  options: EmulatorProcessOptions,
): Promise<EmulatorProcess> {
  const cli = options.cliPath ?? path.join(PACKAGE, 'dist/cli.js');
  if (!fs.existsSync(cli)) throw new Error(`${cli} is missing: run npm run build -w emulator`);
  const tmpBase = path.join(PACKAGE, '.tmp');
  fs.mkdirSync(tmpBase, { recursive: true });
  const dir = fs.mkdtempSync(path.join(tmpBase, 'bench-wire-'));
  const configPath = path.join(dir, 'firebase.json');
  fs.writeFileSync(configPath, JSON.stringify({ firestore: { rules: options.firestoreRules } }));
  const nodeFlags = options.cpuProfileDir
    ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfileDir}`]
    : [];
  const child = spawn(
    process.execPath,
    [
      ...nodeFlags,
      cli,
      '--project',
      options.projectId,
      '--firestore-port',
      '0',
      '--storage-port',
      '0',
      '--data-dir',
      path.join(dir, 'data'),
      '--config',
      configPath,
    ],
    { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const cleanUp = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await waitForExit(child);
    fs.rmSync(dir, { recursive: true, force: true });
  };
  let stderr = '';
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (chunk: string) => {
    stderr += chunk;
    if (stderr.length > 20_000) stderr = stderr.slice(-10_000);
  });
  try {
    const firestoreUrl = await new Promise<string>((resolve, reject) => {
      let stdout = '';
      const timer = setTimeout(
        () => reject(new Error(`emulator not ready after 30 s: ${stderr}`)),
        30_000,
      );
      child.stdout!.setEncoding('utf8');
      child.stdout!.on('data', (chunk: string) => {
        stdout += chunk;
        const ready = /emulator ready firestore=(\S+)/.exec(stdout);
        if (!ready) return;
        clearTimeout(timer);
        resolve(ready[1]!);
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`emulator exited (${code ?? signal}) before ready: ${stderr}`));
      });
    });
    return {
      pid: child.pid!,
      firestoreUrl,
      stop: async () => {
        await cleanUp();
        if (child.exitCode !== 0) {
          throw new Error(`emulator exited with ${child.exitCode ?? child.signalCode}: ${stderr}`);
        }
      },
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}
