/**
 * The page's one clock for relative times. Every `<RelativeTime>` reads it, and it ticks only
 * while at least one is mounted, so a feed of many cards has one timer, not one per card.
 */
export const CLOCK_TICK_MS = 30_000;

type Listener = () => void;

const listeners = new Set<Listener>();
let now = Date.now();
let timer: ReturnType<typeof setInterval> | null = null;

function tick(): void {
  now = Date.now();
  for (const listener of listeners) listener();
}

/** Subscribes to the clock's ticks (for `useSyncExternalStore`); returns the unsubscribe. */
export function subscribeToClock(listener: Listener): () => void {
  listeners.add(listener);
  if (timer === null) {
    now = Date.now();
    timer = setInterval(tick, CLOCK_TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== null) {
      clearInterval(timer);
      timer = null;
    }
  };
}

/** The clock's current time in milliseconds, as of its last tick. */
export function clockNow(): number {
  return timer === null ? Date.now() : now;
}

/** How many components listen to the clock (for tests of the single-timer promise). */
export function clockListenerCount(): number {
  return listeners.size;
}
