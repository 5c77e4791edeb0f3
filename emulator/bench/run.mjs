// `npm run bench -w emulator`: the emulator's figures (a benchmark, not a test). Prints
// start-up time beside firebase-tools' Auth emulator in the same run, Write-stream throughput with
// ten listeners (end to end through the SDK in Chromium, then the server alone under a Node
// client of the same wire protocol), feed-query latency over 10,000 posts and memory with
// 100,000 documents.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const PACKAGE = path.resolve(HERE, '..');
const ROOT = path.resolve(PACKAGE, '..');
const RUNS = 5;

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Milliseconds from spawn until `isReady(output)` or a successful HTTP answer from `url`. */
function timeToReady(command, args, { cwd, isReady, url, timeoutMs = 120_000 }) {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(command, args, {
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NO_UPDATE_NOTIFIER: '1' },
    });
    let output = '';
    let done = false;
    const finish = (error) => {
      if (done) return;
      done = true;
      clearInterval(poll);
      const elapsed = performance.now() - start;
      child.kill('SIGKILL');
      if (error) reject(error);
      else resolve(elapsed);
    };
    child.stdout.on('data', (chunk) => {
      output += chunk;
      if (isReady?.(output)) finish();
    });
    const poll = setInterval(() => {
      if (!url) return;
      fetch(url, { signal: AbortSignal.timeout(500) }).then(
        () => finish(),
        () => undefined,
      );
    }, 50);
    setTimeout(
      () => finish(new Error(`${command} not ready after ${timeoutMs} ms`)),
      timeoutMs,
    ).unref();
    child.on('exit', (code) =>
      finish(code === null ? undefined : new Error(`${command} exited ${code}: ${output}`)),
    );
  });
}

async function startup() {
  const ours = [];
  for (let i = 0; i < RUNS; i += 1) {
    ours.push(
      await timeToReady(
        process.execPath,
        [
          'dist/cli.js',
          '--project',
          'bench',
          '--in-memory',
          '--firestore-port',
          '0',
          '--storage-port',
          '0',
          '--config',
          path.join(ROOT, 'firebase.json'),
        ],
        { cwd: PACKAGE, isReady: (out) => out.includes('emulator ready') },
      ),
    );
  }
  const authDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-auth-'));
  const port = 19000 + Math.floor(Math.random() * 1000);
  fs.writeFileSync(
    path.join(authDir, 'firebase.json'),
    JSON.stringify({
      emulators: {
        auth: { port },
        hub: { port: port + 1 },
        logging: { port: port + 2 },
        ui: { enabled: false },
      },
    }),
  );
  const auth = await timeToReady(
    process.execPath,
    [
      path.join(ROOT, 'node_modules/firebase-tools/lib/bin/firebase.js'),
      'emulators:start',
      '--only',
      'auth',
      '--project',
      'demo-bench',
    ],
    { cwd: authDir, url: `http://127.0.0.1:${port}/` },
  );
  fs.rmSync(authDir, { recursive: true, force: true });
  const ourMedian = median(ours);
  console.log(
    `start-up to ready: emulator ${ourMedian.toFixed(0)} ms (median of ${RUNS}; target < 1000 ms), ` +
      `firebase-tools Auth emulator ${auth.toFixed(0)} ms: ${(auth / ourMedian).toFixed(1)}x faster (target >= 5x)`,
  );
}

function runScript(args) {
  const result = spawnSync(process.execPath, args, { cwd: PACKAGE, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${args.join(' ')} failed`);
}

console.log(
  `emulator figures on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${new Date().toISOString()}`,
);
await startup();
runScript(['test/server/run-ts.cjs', 'bench/write-stream.ts']);
runScript(['test/server/run-ts.cjs', 'bench/wire/write-stream.ts']);
runScript(['test/engine/fixtures/engine-bench.cjs']);
