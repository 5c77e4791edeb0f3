// Checks `npm start` and `npm run emulators` make before starting anything, so a busy port or a
// data folder in use is one clear line instead of a half-started stack.
import fs from 'node:fs';
import net from 'node:net';

/** The emulator's data-folder lock (its compiled module). */
const EMULATOR_LOCK = new URL('../../emulator/dist/firestore/engine/lock.js', import.meta.url);

/** Something on this machine stops the start; `message` says what and what to do. */
export class StartupProblem extends Error {}

/** 'in-use' when another listener holds `port` on `host`; null when free (or the host is absent). */
function probe(port, host) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', (error) => {
      // EADDRNOTAVAIL / EAFNOSUPPORT: no such address here (a machine without IPv6): not a clash.
      resolve(error.code === 'EADDRINUSE' || error.code === 'EACCES' ? error.code : null);
    });
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(null)));
  });
}

/** How long a taken port is watched for its release before the start gives up. */
const PORT_RELEASE_GRACE_MS = 5_000;

/**
 * The entries of `wanted` whose port is taken on one of their hosts, with that host and why.
 * @param {Array<{ service: string, port: number, variable?: string, hosts?: string[] }>} wanted
 */
async function takenPorts(wanted) {
  const taken = [];
  for (const entry of wanted) {
    for (const host of entry.hosts ?? ['127.0.0.1']) {
      const problem = await probe(entry.port, host);
      if (problem) {
        taken.push({ ...entry, host, problem });
        break;
      }
    }
  }
  return taken;
}

/**
 * @param {Array<{ service: string, port: number, variable?: string, hosts?: string[] }>} wanted
 * Throws a StartupProblem naming every port that is taken, the service that wanted it and the
 * variable that moves it.
 */
export async function checkPortsFree(wanted) {
  // A run killed a moment ago (kill -9, a closed terminal) frees its ports only as the kernel
  // tears its processes down, which takes a while on a busy machine: a restart at once waits for
  // that rather than refusing. A port still taken after the grace is held by something alive.
  const deadline = Date.now() + PORT_RELEASE_GRACE_MS;
  let taken = await takenPorts(wanted);
  while (taken.length > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    taken = await takenPorts(taken);
  }
  if (taken.length === 0) return;
  const lines = taken.map(
    ({ service, port, variable, host, problem }) =>
      `Port ${port} (${service}) is ${problem === 'EACCES' ? 'not allowed' : 'already in use'} on ${host}.` +
      (variable ? ` Free it or set ${variable}=<another port>.` : ''),
  );
  const ports = taken.map(({ port }) => port).join(',');
  throw new StartupProblem(
    [
      ...lines,
      `Nothing was started. Is another \`npm start\` or \`npm run emulators\` running? Stop it with Ctrl-C in its terminal; \`ss -ltnp 'sport = :${taken[0].port}'\` (or \`lsof -i :${ports}\`) shows which process holds a port.`,
    ].join('\n'),
  );
}

function commandLine(pid) {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
  } catch {
    return '';
  }
}

/**
 * The project's emulator locks its data folder (<dataDir>/firestore/LOCK names the owner by pid,
 * start time and boot): a second emulator on the same folder would lose the first one's writes.
 * Throws a StartupProblem naming the running owner; a dead owner (killed, a zombie, a pid reused
 * since, a lock from before a reboot) is no owner. The emulator's own lock module judges it, so
 * this check and the emulator's refusal never disagree (the emulator must be built first).
 */
export async function checkDataDirFree(dataDir) {
  const { liveOwnerOf } = await import(EMULATOR_LOCK.href);
  const owner = liveOwnerOf(dataDir);
  if (!owner) return;
  const command = commandLine(owner.pid);
  throw new StartupProblem(
    `The data folder ${dataDir} is in use by process ${owner.pid}${command ? ` (${command})` : ''}. ` +
      `Nothing was started. Stop that process (Ctrl-C in its terminal, or kill ${owner.pid}), or set EMULATOR_DATA_DIR to another folder.`,
  );
}
