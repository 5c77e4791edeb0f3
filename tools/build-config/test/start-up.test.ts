import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_LAUNCH_OPTIONS } from '../chromium.cjs';
import { devPorts } from '../dev-ports.cjs';
import { freePort } from '../free-port.cjs';

// `npm start` and `npm run emulators` as a developer meets them (tools/scripts/start.mjs,
// tools/scripts/emulators.mjs), every port moved to a free one so nothing here touches a running stack.

const ROOT = path.resolve(__dirname, '../../..');

/** A listener holding `port` on `host`, as another program would. */
function block(port: number, host = '127.0.0.1'): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

/** Environment moving every port of the backend and of each dev server to a free one. */
async function freePortsEnv(): Promise<Record<string, string>> {
  const env: Record<string, string> = {
    EMULATOR_DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'start-data-')),
  };
  const variables = [
    'AUTH_EMULATOR_PORT',
    'FIRESTORE_EMULATOR_PORT',
    'STORAGE_EMULATOR_PORT',
    'EMULATOR_HUB_PORT',
    'EMULATOR_LOGGING_PORT',
    'EMULATOR_DATA_BROWSER_PORT',
    // firebase.json lists functions codebases, so the Functions emulator runs too.
    'FUNCTIONS_EMULATOR_PORT',
    ...Object.values(devPorts()).map(({ variable }) => variable),
  ];
  for (const variable of variables) env[variable] = String(await freePort());
  return env;
}

interface Run {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function run(
  script: string,
  env: Record<string, string>,
  options: { detached?: boolean; underShell?: boolean } = {},
): Run {
  const scriptPath = path.join(ROOT, 'tools', 'scripts', script);
  // Under a shell that waits for it, as `npm start` runs it (npm, then `sh -c`).
  const [command, args] = options.underShell
    ? ['sh', ['-c', `"${process.execPath}" "${scriptPath}"; exit $?`]]
    : [process.execPath, [scriptPath]];
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, FIRESTORE_BACKEND: 'emulator', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.detached ?? false,
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** The processes still in process group `group`, as `pid command` lines. */
function processesInGroup(group: number): string[] {
  const found: string[] = [];
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      // After the command's closing parenthesis: state, parent, process group.
      const [, , processGroup] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(processGroup) !== group) continue;
      const command = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
      found.push(`${pid} ${command.trim()}`);
    } catch {
      // Gone while being read.
    }
  }
  return found;
}

/** Waits until no process of group `group` is left; the ones left after `timeoutMs` otherwise. */
async function groupEnded(group: number, timeoutMs: number): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  let left = processesInGroup(group);
  while (left.length > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    left = processesInGroup(group);
  }
  return left;
}

async function waitForOutput(started: Run, text: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!started.output().includes(text)) {
    if (started.child.exitCode !== null)
      throw new Error(`exited ${started.child.exitCode} before "${text}":\n${started.output()}`);
    if (Date.now() > deadline)
      throw new Error(`no "${text}" in ${timeoutMs} ms:\n${started.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('before anything starts', () => {
  const cleanups: Array<() => void> = [];
  afterEach(() => cleanups.splice(0).forEach((cleanup) => cleanup()));

  /** Runs `script` with every port free but `variable`'s, which a listener on `host` holds. */
  async function runWithPortTaken(script: string, variable: string, host?: string) {
    const env = await freePortsEnv();
    const blocker = await block(Number(env[variable]), host);
    cleanups.push(() => blocker.close());
    return { env, started: run(script, env) };
  }

  it('npm start names a dev server port in use and the variable that moves it', async () => {
    const { env, started } = await runWithPortTaken('start.mjs', 'FEED_PORT');
    expect(await started.exited).toBe(1);
    expect(started.output()).toContain(
      `Port ${env.FEED_PORT} (feed dev server) is already in use on 127.0.0.1. Free it or set FEED_PORT=<another port>.`,
    );
    expect(started.output()).toContain('Nothing was started.');
    expect(started.output()).not.toContain('Starting the local backend');
  });

  it('npm start finds a port taken on [::1] only (where localhost may resolve)', async () => {
    const env = await freePortsEnv();
    const blocker = await block(Number(env.SHELL_PORT), '::1').catch(() => null);
    if (!blocker) return console.warn('no IPv6 loopback here: the [::1] case cannot happen');
    cleanups.push(() => blocker.close());
    const started = run('start.mjs', env);
    expect(await started.exited).toBe(1);
    expect(started.output()).toContain(
      `Port ${env.SHELL_PORT} (shell dev server) is already in use on ::1.`,
    );
  });

  it('npm run emulators names a backend port in use', async () => {
    const { env, started } = await runWithPortTaken('emulators.mjs', 'FIRESTORE_EMULATOR_PORT');
    expect(await started.exited).toBe(1);
    expect(started.output()).toContain(
      `Port ${env.FIRESTORE_EMULATOR_PORT} (Firestore emulator) is already in use on 127.0.0.1. Free it or set FIRESTORE_EMULATOR_PORT=<another port>.`,
    );
    expect(started.output()).not.toContain('Starting the local backend');
  });
});

describe('npm run emulators after a crash', () => {
  let env: Record<string, string> = {};
  let started: Run | null = null;
  afterAll(async () => {
    if (started && started.child.exitCode === null) process.kill(-started.child.pid!, 'SIGKILL');
    if (env.EMULATOR_DATA_DIR) fs.rmSync(env.EMULATOR_DATA_DIR, { recursive: true, force: true });
  });

  /**
   * Starts it in its own process group, as a terminal does, and waits until it is ready, or only
   * until Firestore answers: the data this suite checks is Firestore's, and a crash while the
   * rest is still starting (Auth, the functions' build) is one more a developer can cause.
   */
  async function startEmulators(until = 'Backend ready'): Promise<Run> {
    const run_ = run('emulators.mjs', env, { detached: true });
    await waitForOutput(run_, until, 600_000);
    return run_;
  }

  /** One document written and acknowledged through the Firestore emulator. */
  async function write(id: string): Promise<void> {
    const docs = 'projects/demo-social/databases/(default)/documents';
    const response = await fetch(
      `http://127.0.0.1:${env.FIRESTORE_EMULATOR_PORT}/v1/${docs}:commit`,
      {
        method: 'POST',
        headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
        body: JSON.stringify({
          writes: [{ update: { name: `${docs}/crash/${id}`, fields: {} } }],
        }),
      },
    );
    expect(response.status).toBe(200);
  }

  async function present(): Promise<string[]> {
    const docs = 'projects/demo-social/databases/(default)/documents';
    const response = await fetch(
      `http://127.0.0.1:${env.FIRESTORE_EMULATOR_PORT}/v1/${docs}:runQuery`,
      {
        method: 'POST',
        headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
        body: JSON.stringify({ structuredQuery: { from: [{ collectionId: 'crash' }] } }),
      },
    );
    const rows = (await response.json()) as Array<{ document?: { name: string } }>;
    return rows.flatMap((row) => (row.document ? [row.document.name.split('/').pop()!] : []));
  }

  it('refuses a second run on the same data folder, naming the emulator that holds it', async () => {
    env = await freePortsEnv();
    started = await startEmulators();
    const others = await freePortsEnv();
    fs.rmSync(others.EMULATOR_DATA_DIR!, { recursive: true, force: true });
    const second = run('emulators.mjs', { ...others, EMULATOR_DATA_DIR: env.EMULATOR_DATA_DIR! });
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(
      new RegExp(
        `The data folder ${env.EMULATOR_DATA_DIR} is in use by process \\d+ \\(${process.execPath} \\S+emulator/dist/cli\\.js `,
      ),
    );
    expect(second.output()).toContain('or set EMULATOR_DATA_DIR to another folder.');
  }, 900_000);

  it('restarts at once, after 100 ms and after 1 s of a kill -9 of the whole run, with every write', async () => {
    if (!started) {
      env = await freePortsEnv();
      started = await startEmulators();
    }
    const written: string[] = [];
    const delaysMs = [0, 100, 1000];
    for (const delayMs of delaysMs) {
      const id = `before-kill-${delayMs}`;
      await write(id);
      written.push(id);
      // Every process of the run (the script, the Auth emulator, the emulator) at once, as
      // closing the terminal or a crash of the machine's session does.
      process.kill(-started.child.pid!, 'SIGKILL');
      await started.exited;
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      const last = delayMs === delaysMs[delaysMs.length - 1];
      started = await startEmulators(last ? 'Backend ready' : '✓ Firestore emulator');
      expect(started.output()).not.toContain('is in use by process');
      expect((await present()).sort()).toEqual([...written].sort());
    }
    // The script alone, as a tool stops it: every process it started ends with it, the functions'
    // watchers (behind npm and a shell, which pass no signal on) included.
    started.child.kill('SIGTERM');
    expect(await started.exited).toBe(0);
    expect(await groupEnded(started.child.pid!, 20_000)).toEqual([]);
  }, 1_800_000);
});

describe('npm start', () => {
  let started: Run | null = null;
  let env: Record<string, string> = {};
  afterAll(async () => {
    if (started && processesInGroup(started.child.pid!).length > 0) {
      process.kill(-started.child.pid!, 'SIGKILL');
    }
    if (env.EMULATOR_DATA_DIR) fs.rmSync(env.EMULATOR_DATA_DIR, { recursive: true, force: true });
  });

  it('says what it starts, and the product opens at localhost, 127.0.0.1 and [::1]', async () => {
    env = await freePortsEnv();
    // The other remotes from elsewhere, as a team working on sign-in against deployed ones does:
    // their dev servers are not started (and this test compiles two apps, not all of them).
    const deployed = Object.keys(devPorts()).filter((app) => app !== 'shell' && app !== 'auth');
    env.REMOTES_OVERRIDE = JSON.stringify(
      Object.fromEntries(deployed.map((app) => [app, `https://demo-social-${app}.web.app`])),
    );
    started = run('start.mjs', env, { detached: true, underShell: true });
    await waitForOutput(started, 'Ready: open', 600_000);
    const output = started.output();
    expect(output).toContain(`✓ Auth emulator        http://127.0.0.1:${env.AUTH_EMULATOR_PORT}`);
    expect(output).toContain(
      `✓ Firestore emulator   http://127.0.0.1:${env.FIRESTORE_EMULATOR_PORT}`,
    );
    expect(output).toContain(
      `✓ Storage emulator     http://127.0.0.1:${env.STORAGE_EMULATOR_PORT}`,
    );
    expect(output).toContain(`✓ shell dev server     http://localhost:${env.SHELL_PORT}/`);
    expect(output).toContain(`✓ auth dev server      http://localhost:${env.AUTH_PORT}/`);
    expect(output).toContain('Starting 2 dev servers');
    expect(output).not.toContain('members dev server');
    expect(output).toContain(
      '→ members              https://demo-social-members.web.app/mf-manifest.json  (from REMOTES_OVERRIDE',
    );
    expect(output).toMatch(/compiling: shell \d+% · auth \d+%/);
    expect(output).toContain(`Ready: open http://localhost:${env.SHELL_PORT}/`);

    const remotes = await (await fetch(`http://localhost:${env.SHELL_PORT}/remotes.json`)).json();
    expect(remotes.auth).toBe(`http://localhost:${env.AUTH_PORT}/mf-manifest.json`);
    expect(remotes.members).toBe('https://demo-social-members.web.app/mf-manifest.json');
    const viaIpv6 = await (await fetch(`http://[::1]:${env.SHELL_PORT}/remotes.json`)).json();
    expect(viaIpv6.auth).toBe(`http://[::1]:${env.AUTH_PORT}/mf-manifest.json`);

    const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
    try {
      for (const host of ['localhost', '127.0.0.1', '[::1]']) {
        const page = await browser.newPage();
        await page.goto(`http://${host}:${env.SHELL_PORT}/login`);
        // The sign-in form is the auth remote's: the page loaded a remote from its dev server.
        await page.getByRole('button', { name: 'Sign in' }).waitFor({ timeout: 60_000 });
        await page.close();
      }
    } finally {
      await browser.close();
    }

    // The shell npm runs it under ends without passing anything on (npm's answer to a SIGTERM):
    // the script, left without a parent, stops everything it started.
    started.child.kill('SIGKILL');
    await started.exited;
    expect(await groupEnded(started.child.pid!, 30_000)).toEqual([]);
    expect(started.output()).toContain('Stopping…');
  }, 900_000);
});
