/** The longest a deferred piece of work waits for the browser to be idle. */
export const IDLE_TIMEOUT_MS = 2000;

/**
 * Runs `work` once the browser has nothing more urgent to do (after the first view has painted
 * and its scripts have run), at the latest after IDLE_TIMEOUT_MS; returns a cancel. Where the
 * browser has no idle callbacks (Safari, jsdom), it runs after the current task.
 */
export function whenIdle(work: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(work, { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(work, 0);
  return () => clearTimeout(timer);
}
