// A free TCP port, for whatever starts servers next to a developer's running stack (scripts,
// tests, benchmarks), chosen where nothing else on the machine picks ports and checked as free.
const fs = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');

// Below the ephemeral ranges of Linux (32768 up), macOS and Windows (49152 up): an outgoing
// connection's local port, or a server listening on port 0, never takes one of these while the
// caller is still starting the server it chose the port for (a Functions emulator takes seconds).
const LOWEST = 20000;
const HIGHEST = 32767;
// Test workers run side by side and each chooses ports before binding them: a port handed out is
// reserved for every process on the machine for this long, by a file only one process can create.
const RESERVED_FOR_MS = 10 * 60_000;
const RESERVATIONS = path.join(os.tmpdir(), 'socially-free-ports');

let pruned = false;

/** Removes the expired reservations once per process, so the folder stays small. */
function pruneOnce() {
  if (pruned) return;
  pruned = true;
  fs.mkdirSync(RESERVATIONS, { recursive: true });
  for (const name of fs.readdirSync(RESERVATIONS)) {
    const file = path.join(RESERVATIONS, name);
    try {
      if (Date.now() - fs.statSync(file).mtimeMs >= RESERVED_FOR_MS)
        fs.rmSync(file, { force: true });
    } catch {
      // Another process removed or renewed it meanwhile.
    }
  }
}

function reserve(port) {
  pruneOnce();
  const file = path.join(RESERVATIONS, String(port));
  try {
    fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
    return true;
  } catch (error) {
    if (error.code !== 'EEXIST') throw error;
  }
  let age;
  try {
    age = Date.now() - fs.statSync(file).mtimeMs;
  } catch {
    return false;
  }
  if (age < RESERVED_FOR_MS) return false;
  fs.rmSync(file, { force: true });
  try {
    fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
    return true;
  } catch {
    return false;
  }
}

function listensNowhere(port, host) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}

/** A port nobody listens on right now and no other caller was handed in the last ten minutes. */
async function freePort(host = '127.0.0.1') {
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = LOWEST + Math.floor(Math.random() * (HIGHEST - LOWEST + 1));
    if (reserve(port) && (await listensNowhere(port, host))) return port;
  }
  throw new Error(`no free port between ${LOWEST} and ${HIGHEST} after 200 tries`);
}

module.exports = { freePort };
