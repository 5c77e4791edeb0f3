import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../../..');

/** Runs one of the root scripts to its end; resolves with its exit code and output. */
function runScript(script: string, args: string[], env: Record<string, string>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backend-switch-'));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'tools', 'scripts', script), ...args], {
      cwd: ROOT,
      env: { ...process.env, EMULATOR_DATA_DIR: dataDir, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('exit', (code) => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      resolve({ code, stdout, stderr });
    });
  });
}

/** What the script itself printed on stderr (npm's own configuration warnings left out). */
function ownLines(stderr: string): string[] {
  return stderr.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('npm warn'));
}

const MISSING =
  "Google's Cloud Firestore emulator was not found: GOOGLE_FIRESTORE_EMULATOR_JAR=/nowhere";

describe('the Firestore backend switch of npm run emulators / npm start', () => {
  it.each([
    ['emulators.mjs', ['--firestore=google'], {}],
    ['emulators.mjs', [], { FIRESTORE_BACKEND: 'google' }],
    ['start.mjs', ['--firestore=google'], {}],
  ])(
    '%s %j %j without the emulator: one line saying what is missing, exit 1',
    async (script, args, env) => {
      const result = await runScript(script, args, {
        GOOGLE_FIRESTORE_EMULATOR_JAR: '/nowhere',
        ...env,
      });
      expect(result.code).toBe(1);
      const lines = ownLines(result.stderr);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(MISSING);
      expect(result.stdout).not.toContain('ready');
    },
    120_000,
  );

  it('refuses a backend it does not know, in one line', async () => {
    const result = await runScript('emulators.mjs', ['--firestore', 'postgres'], {});
    expect(result.code).toBe(1);
    expect(ownLines(result.stderr)).toEqual([
      "Unknown Firestore backend 'postgres': use --firestore=emulator (default) or --firestore=google (or FIRESTORE_BACKEND).",
    ]);
  }, 60_000);
});
