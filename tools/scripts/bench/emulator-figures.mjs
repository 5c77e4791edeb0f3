// The emulator's own figures: `npm run bench -w emulator`, run as a child; its output is included
// as it is. When the workspace has no such script (yet) or it fails, the report says so.
import { spawn } from 'node:child_process';
import { ROOT } from '../lib/backend.mjs';

// It measures Google's Cloud Firestore emulator too, which takes most of its time: 7.4 minutes at
// load average 20 on 2 cores, 16.5 at 30.
export function runEmulatorBench(timeoutMs = 1_200_000) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', 'bench', '-w', 'emulator'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const timer = setTimeout(() => {
      output += `\n(stopped after ${timeoutMs / 1000} s)`;
      process.kill(-child.pid, 'SIGTERM');
    }, timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ ok: code === 0, code, output: output.trim() });
    });
  });
}
