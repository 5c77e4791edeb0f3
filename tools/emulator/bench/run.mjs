// `npm run bench -w emulator`: the emulator's figures (a benchmark, not a test). First ours beside
// Google's Cloud Firestore emulator, the same figures in one run with their ratios and targets
// (bench/compare.ts); then what only ours has: Write-stream throughput end to end through the SDK
// in Chromium, and the engine alone in-process (feed query, fsync'd commit rates, memory).
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const PACKAGE = path.resolve(HERE, '..');

function runScript(args) {
  const result = spawnSync(process.execPath, args, { cwd: PACKAGE, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${args.join(' ')} failed`);
}

console.log(
  `emulator figures on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${new Date().toISOString()}`,
);
runScript(['harness/run-ts.cjs', 'bench/compare.ts']);
console.log('\nours only:');
runScript(['harness/run-ts.cjs', 'bench/write-stream.ts']);
console.log('the engine alone, in-process (no server, no network):');
runScript(['bench/engine.cjs']);
console.log('\nunder attack (other clients while one client is hostile):');
runScript(['harness/run-ts.cjs', 'bench/hostile.ts']);
