import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { resolveConfig } from '../../src/config';

/** The data browser is an option of the CLI: off by default, on with a port, its URL printed. */

const RUN_TS = path.resolve(__dirname, '../../harness/run-ts.cjs');
const CLI = path.resolve(__dirname, '../../src/cli.ts');
let child: ChildProcess | null = null;

afterEach(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  child = null;
});

test('resolveConfig: off unless a flag or EMULATOR_DATA_BROWSER_PORT names a port', () => {
  const dir = path.resolve(__dirname);
  expect(resolveConfig(['--in-memory'], {}, dir).dataBrowserPort).toBeNull();
  expect(
    resolveConfig(['--in-memory'], { EMULATOR_DATA_BROWSER_PORT: '4100' }, dir).dataBrowserPort,
  ).toBe(4100);
  expect(
    resolveConfig(
      ['--in-memory', '--data-browser-port', '0'],
      { EMULATOR_DATA_BROWSER_PORT: '4100' },
      dir,
    ).dataBrowserPort,
  ).toBe(0);
  expect(() => resolveConfig(['--data-browser-port', 'four'], {}, dir)).toThrow(
    /data browser port/,
  );
});

test('resolveConfig: the Auth emulator from --auth-emulator, its variable, or the Admin SDK’s', () => {
  const dir = path.resolve(__dirname);
  expect(resolveConfig(['--in-memory'], {}, dir).authEmulator).toBeNull();
  expect(
    resolveConfig(['--in-memory'], { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }, dir)
      .authEmulator,
  ).toBe('127.0.0.1:9099');
  expect(
    resolveConfig(
      ['--in-memory'],
      { EMULATOR_AUTH_EMULATOR: 'localhost:9100', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' },
      dir,
    ).authEmulator,
  ).toBe('localhost:9100');
  expect(
    resolveConfig(
      ['--in-memory', '--auth-emulator', '127.0.0.1:3701'],
      { EMULATOR_AUTH_EMULATOR: 'localhost:9100' },
      dir,
    ).authEmulator,
  ).toBe('127.0.0.1:3701');
  expect(() => resolveConfig(['--auth-emulator', 'http://x:1'], {}, dir)).toThrow(/host:port/);
});

test('the CLI prints the data browser URL and serves it on loopback', async () => {
  child = spawn(
    process.execPath,
    [
      RUN_TS,
      CLI,
      '--project',
      'demo-cli',
      '--firestore-port',
      '0',
      '--storage-port',
      '0',
      '--in-memory',
      '--data-browser-port',
      '0',
    ],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      cwd: __dirname,
      env: { ...process.env, EMULATOR_CONFIG: '' },
    },
  );
  const proc = child;
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    proc.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const match = /^data browser ready (http:\/\/127\.0\.0\.1:\d+\/)$/m.exec(out);
      if (match) resolve(match[1]!);
    });
    proc.on('exit', (code) => reject(new Error(`cli exited ${code}: ${out}`)));
  });
  const res = await fetch(url);
  expect(res.status).toBe(200);
  expect(await res.text()).toContain('emulator data browser');
}, 60_000);
