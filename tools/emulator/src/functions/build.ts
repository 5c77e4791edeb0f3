import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import type { Codebase } from './codebases';

/**
 * Codebases are TypeScript built to what their package.json's `main` names, which is what the
 * Functions emulator loads and watches. A codebase with a tsconfig.json and no `build` script is
 * compiled by `tsc --build` (to lib/). A codebase with its own `build` script (a bundle, as the
 * product's codebases make: tools/build-config/functions-webpack.cjs) is built by that script, the
 * same one its predeploy hook runs, and rebuilt by its `build:watch` script; its tsconfig.json
 * only type-checks, which the watch does (`tsc --build --watch`, every codebase) and
 * `npm run typecheck` does, so a one-off start (a test's backend) does not wait for it.
 */
function projects(codebases: readonly Codebase[]): string[] {
  return codebases
    .map((c) => path.join(c.source, 'tsconfig.json'))
    .filter((file) => fs.existsSync(file));
}

/** The tsconfig.json files tsc must compile: codebases without a build script of their own. */
function compiledProjects(codebases: readonly Codebase[]): string[] {
  return projects(codebases.filter((codebase) => scriptsOf(codebase)['build'] === undefined));
}

/** The codebase's package.json scripts (none when it has no package.json). */
function scriptsOf(codebase: Codebase): Record<string, string> {
  try {
    const pkg = JSON.parse(fs.readFileSync(path.join(codebase.source, 'package.json'), 'utf8')) as {
      scripts?: Record<string, string>;
    };
    return pkg.scripts ?? {};
  } catch {
    return {};
  }
}

const TSC = require.resolve('typescript/bin/tsc');

/** Runs a command to its end; rejects with its output when it fails. */
function run(command: string, args: string[], cwd: string | undefined, what: string) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${what}:\n${output.trim()}`)),
    );
  });
}

/**
 * Builds the codebases once (tsc for those without a `build` script, then the `build` scripts),
 * side by side; rejects with the errors of every step that failed, after trying them all.
 */
export async function buildCodebases(codebases: readonly Codebase[]): Promise<void> {
  const tsconfigs = compiledProjects(codebases);
  const steps: Array<() => Promise<void>> = [];
  if (tsconfigs.length > 0) {
    steps.push(() =>
      run(process.execPath, [TSC, '--build', ...tsconfigs], undefined, 'functions do not compile'),
    );
  }
  for (const codebase of codebases) {
    if (scriptsOf(codebase)['build'] === undefined) continue;
    steps.push(() =>
      run(
        'npm',
        ['run', '--silent', 'build'],
        codebase.source,
        `functions codebase ${codebase.codebase} does not build`,
      ),
    );
  }
  const failures: string[] = [];
  await Promise.all(
    steps.map((step) => step().catch((error: Error) => failures.push(error.message))),
  );
  if (failures.length > 0) throw new Error(failures.join('\n'));
}

/** Lines of a bundler's watch output worth forwarding: its errors. */
const BUNDLER_ERROR = /\bERROR\b|\berror\b/;

/**
 * Builds the codebases again on every change of their sources (`tsc --build --watch`, and each
 * codebase's `build:watch`), so the Functions emulator, which watches the output, reloads them.
 * Each compiler error line goes to `onError`. Null when nothing is to be built.
 */
export function watchCodebases(
  codebases: readonly Codebase[],
  onError: (line: string) => void,
): { stop(): void; processes: ChildProcess[] } | null {
  const tsconfigs = projects(codebases);
  const processes: ChildProcess[] = [];
  if (tsconfigs.length > 0) {
    const tsc = spawn(
      process.execPath,
      [TSC, '--build', '--watch', '--preserveWatchOutput', ...tsconfigs],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    readline.createInterface({ input: tsc.stdout }).on('line', (line) => {
      if (/error TS\d+/.test(line)) onError(line);
    });
    readline.createInterface({ input: tsc.stderr }).on('line', onError);
    processes.push(tsc);
  }
  for (const codebase of codebases) {
    if (scriptsOf(codebase)['build:watch'] === undefined) continue;
    // npm and its shell pass no signal on to the bundler; the bundler's stdin is this pipe, and
    // the watch ends when it closes (functions-webpack.cjs), which the end of this process does.
    const bundler = spawn('npm', ['run', '--silent', 'build:watch'], {
      cwd: codebase.source,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const forward = (line: string) => {
      if (BUNDLER_ERROR.test(line)) onError(`${codebase.codebase}: ${line}`);
    };
    readline.createInterface({ input: bundler.stdout! }).on('line', forward);
    readline.createInterface({ input: bundler.stderr! }).on('line', forward);
    processes.push(bundler);
  }
  if (processes.length === 0) return null;
  return {
    processes,
    stop: () => {
      for (const child of processes) {
        child.stdin?.end();
        child.kill('SIGTERM');
      }
    },
  };
}
