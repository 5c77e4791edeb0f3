import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import type { Codebase } from './codebases';

/**
 * Codebases are TypeScript compiled to what their package.json's `main` names (lib/), which is
 * what the Functions emulator loads and watches. One `tsc --build` compiles every codebase that
 * has a tsconfig.json (a JavaScript codebase has nothing to compile).
 */
function projects(codebases: readonly Codebase[]): string[] {
  return codebases
    .map((c) => path.join(c.source, 'tsconfig.json'))
    .filter((file) => fs.existsSync(file));
}

const TSC = require.resolve('typescript/bin/tsc');

/** Compiles the codebases once; rejects with the compiler's errors. */
export function buildCodebases(codebases: readonly Codebase[]): Promise<void> {
  const tsconfigs = projects(codebases);
  if (tsconfigs.length === 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [TSC, '--build', ...tsconfigs], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`functions do not compile:\n${output.trim()}`)),
    );
  });
}

/**
 * Compiles the codebases again on every change of their sources (`tsc --build --watch`), so the
 * Functions emulator, which watches the output, reloads them. Each compiler error line goes to
 * `onError`. Null when no codebase has anything to compile.
 */
export function watchCodebases(
  codebases: readonly Codebase[],
  onError: (line: string) => void,
): { stop(): void; process: ChildProcess } | null {
  const tsconfigs = projects(codebases);
  if (tsconfigs.length === 0) return null;
  const child = spawn(
    process.execPath,
    [TSC, '--build', '--watch', '--preserveWatchOutput', ...tsconfigs],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const forward = (line: string) => {
    if (/error TS\d+/.test(line)) onError(line);
  };
  readline.createInterface({ input: child.stdout }).on('line', forward);
  readline.createInterface({ input: child.stderr }).on('line', onError);
  return { process: child, stop: () => child.kill('SIGTERM') };
}
