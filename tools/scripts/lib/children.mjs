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
