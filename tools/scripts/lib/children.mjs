// Stopping child processes, one way for every script: ask politely, then insist.

/** How long a child may take to shut down (an export on exit included) before it is killed. */
export const STOP_GRACE_MS = 10_000;

/** Sends `signal` to each running child, SIGKILL after `graceMs`; resolves once all have exited. */
export function stopChildren(children, { signal = 'SIGINT', graceMs = STOP_GRACE_MS } = {}) {
  return Promise.all(
    children.map(
      (child) =>
        new Promise((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', resolve);
          child.kill(signal);
          setTimeout(() => child.kill('SIGKILL'), graceMs).unref();
        }),
    ),
  );
}

/** How often a long-running script checks that the process that started it is still there. */
const ORPHAN_CHECK_MS = 1_000;

/**
 * Calls `stop` once when this process loses its parent. `npm start` runs a script under npm and a
 * shell; a SIGTERM to npm ends both without passing the signal on, and the script, adopted by
 * init, would keep the whole backend running with no one to stop it.
 */
export function stopWhenOrphaned(stop) {
  const parent = process.ppid;
  const check = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(check);
    stop();
  }, ORPHAN_CHECK_MS);
  check.unref();
}
