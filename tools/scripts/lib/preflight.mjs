// Checks `npm start` and `npm run emulators` make before starting anything, so a busy port or a
// data folder in use is one clear line instead of a half-started stack.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

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

/**
 * @param {Array<{ service: string, port: number, variable?: string, hosts?: string[] }>} wanted
 * Throws a StartupProblem naming every port that is taken, the service that wanted it and the
 * variable that moves it.
 */
export async function checkPortsFree(wanted) {
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

function processRunning(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

function commandLine(pid) {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
  } catch {
    return '';
  }
}

/**
 * The project's emulator locks its data folder (<dataDir>/firestore/LOCK holds the owner's pid):
 * a second emulator on the same folder would lose the first one's writes. Throws a StartupProblem
 * naming the running owner.
 */
export function checkDataDirFree(dataDir) {
  const lock = path.join(dataDir, 'firestore', 'LOCK');
  let pid = NaN;
  try {
    pid = Number(fs.readFileSync(lock, 'utf8').trim());
  } catch {
    return;
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || !processRunning(pid)) return;
  const command = commandLine(pid);
  throw new StartupProblem(
    `The data folder ${dataDir} is in use by process ${pid}${command ? ` (${command})` : ''}. ` +
      `Nothing was started. Stop that process (Ctrl-C in its terminal, or kill ${pid}), or set EMULATOR_DATA_DIR to another folder.`,
  );
}
