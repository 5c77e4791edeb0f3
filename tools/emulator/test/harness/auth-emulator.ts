import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from 'build-config/free-port.cjs';

/**
 * firebase-tools' Auth emulator, started as the local backend starts it (tools/scripts/lib/backend.mjs:
 * `firebase emulators:start --only auth` with a generated firebase.json), on free ports (its hub
 * and logging ports too, so parallel runs never collide).
 */
export interface RunningAuthEmulator {
  /** `127.0.0.1:<port>` */
  address: string;
  stop(): Promise<void>;
}

const FIREBASE_BIN = path.resolve(
  path.dirname(require.resolve('firebase-tools/package.json')),
  'lib/bin/firebase.js',
);

/** About 10 s on an idle machine; minutes were seen on a busy 2-core one. */
const START_TIMEOUT_MS = 300_000;

async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(2000) });
    return true;
  } catch {
    return false;
  }
}

export async function startAuthEmulator(projectId: string): Promise<RunningAuthEmulator> {
  const [port, hub, logging] = [await freePort(), await freePort(), await freePort()];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auth-emulator-'));
  fs.writeFileSync(
    path.join(dir, 'firebase.json'),
    JSON.stringify({
      emulators: {
        singleProjectMode: true,
        auth: { host: '127.0.0.1', port },
        hub: { host: '127.0.0.1', port: hub },
        logging: { host: '127.0.0.1', port: logging },
        ui: { enabled: false },
      },
    }),
  );
  const child: ChildProcess = spawn(
    process.execPath,
    [FIREBASE_BIN, 'emulators:start', '--only', 'auth', '--project', projectId],
    {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NO_UPDATE_NOTIFIER: '1', FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true' },
    },
  );
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output = (output + chunk).slice(-4000)));
  child.stderr!.on('data', (chunk: Buffer) => (output = (output + chunk).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGINT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${port}/`;
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!(await answers(url))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`firebase-tools' Auth emulator did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { address: `127.0.0.1:${port}`, stop };
}
