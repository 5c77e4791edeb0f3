/**
 * Calls `sweep` every half `idleTimeoutMs` (kept within `minMs`..`maxMs`), so what sat idle too
 * long is let go soon after its time-out; the timer never keeps the process alive.
 */
export function idleSweeper(
  idleTimeoutMs: number,
  { minMs, maxMs }: { minMs: number; maxMs: number },
  sweep: () => void,
): NodeJS.Timeout {
  const timer = setInterval(sweep, Math.max(minMs, Math.min(maxMs, idleTimeoutMs / 2)));
  timer.unref();
  return timer;
}
