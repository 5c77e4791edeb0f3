import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { freePort } from '../free-port.cjs';

// The backend's own error lines reach the terminal, each prefixed with its service
// (tools/scripts/lib/backend.mjs), and a failed start says why rather than only an exit code. The
// preflight of `npm start` finds a busy port before anything starts; this starts the backend
// directly, as a port taken between that check and the emulator's listen would meet it.

const ROOT = path.resolve(__dirname, '../../..');

function block(port: number): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

/** Runs `startBackend` in a child process; its exit code, stdout and stderr. */
function startBackendIn(ports: Record<string, number>) {
  const script = `
    import { describeFailure, startBackend } from ${JSON.stringify(path.join(ROOT, 'tools/scripts/lib/backend.mjs'))};
    try {
      const backend = await startBackend({
        projectId: 'demo-backend-errors',
        ports: ${JSON.stringify(ports)},
        dataDir: null,
        quiet: true,
        firestore: 'emulator',
      });
      await backend.stop();
      console.log('started');
      process.exit(2);
    } catch (error) {
      console.log('FAILED: ' + describeFailure(error));
      process.exit(1);
    }`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, stdout, stderr })),
  );
}

async function freePorts() {
  return {
    auth: await freePort(),
    firestore: await freePort(),
    storage: await freePort(),
    hub: await freePort(),
    logging: await freePort(),
  };
}

/** Starts the backend with `port` held by another listener. */
async function startWithPortTaken(ports: Record<string, number>, port: number) {
  const blocker = await block(port);
  try {
    return await startBackendIn(ports);
  } finally {
    blocker.close();
  }
}

it('prefixes firebase-tools’ error with [auth], and the failure names it', async () => {
  const ports = await freePorts();
  const { code, stdout, stderr } = await startWithPortTaken(ports, ports.auth);
  expect(code).toBe(1);
  // firebase-tools prints its errors on stdout unprefixed; the backend forwards them to stderr.
  const forwarded = stderr.split('\n').filter((line) => line.includes(String(ports.auth)));
  expect(forwarded.length).toBeGreaterThan(0);
  for (const line of forwarded) expect(line).toMatch(/^\[auth\] /);
  expect(stdout).toContain('FAILED: the Auth emulator exited with code');
  expect(stdout).toMatch(new RegExp(`\\[auth\\] .*${ports.auth}`));
}, 180_000);

it('forwards the emulator’s own error, and the failure names it', async () => {
  const ports = await freePorts();
  const { code, stdout, stderr } = await startWithPortTaken(ports, ports.storage);
  expect(code).toBe(1);
  expect(stderr).toMatch(new RegExp(`^\\[emulator\\] port in use: .*${ports.storage}`, 'm'));
  expect(stdout).toContain('FAILED: the emulator exited with code 1:');
  expect(stdout).toMatch(new RegExp(`^\\[emulator\\] port in use: .*${ports.storage}`, 'm'));
}, 180_000);
