import { firestoreFollowBackend } from './followBackend';
import type { FollowBackend } from './followBackend';
import { planFollow } from './followPlan';
import type { FollowState } from './followPlan';

// Running a follow change to completion: retried from a fresh read, one run per pair at a time.

/** How a run is retried. */
export interface FollowRetry {
  /** Whole runs (read, plan, commit), the first included. */
  attempts: number;
  /** Wait before the second run; each later wait doubles. */
  baseDelayMs: number;
  sleep?: (ms: number) => Promise<void>;
}

/** The retry every product call uses. */
export const FOLLOW_RETRY: FollowRetry = { attempts: 3, baseDelayMs: 500 };

/** A follow change refused ('self') or left part-way after every attempt ('incomplete'). */
export class FollowError extends Error {
  constructor(
    message: string,
    readonly reason: 'self' | 'incomplete',
    override readonly cause?: unknown,
  ) {
    super(message);
    this.name = 'FollowError';
  }
}

/** Told when a pair's run starts and when it has finished (the profile remote keeps marks). */
export interface FollowRunWatcher {
  started(me: string, target: string): void;
  finished(me: string, target: string): void;
}

const watchers = new Set<FollowRunWatcher>();

/** Adds a watcher of every run on the page; returns the function that removes it. */
export function watchFollowRuns(watcher: FollowRunWatcher): () => void {
  watchers.add(watcher);
  return () => {
    watchers.delete(watcher);
  };
}

const inFlight = new Map<string, Promise<void>>();

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function runToCompletion(
  me: string,
  target: string,
  decide: (state: FollowState) => boolean,
  backend: FollowBackend,
  retry: FollowRetry,
): Promise<void> {
  const sleep = retry.sleep ?? realSleep;
  for (const watcher of watchers) watcher.started(me, target);
  let lastError: unknown;
  for (let attempt = 0; attempt < retry.attempts; attempt += 1) {
    if (attempt > 0) await sleep(retry.baseDelayMs * 2 ** (attempt - 1));
    try {
      const state = await backend.read(me, target);
      const follow = decide(state);
      for (const batch of planFollow(me, target, follow, state)) {
        await backend.commit(me, target, follow, batch);
      }
      for (const watcher of watchers) watcher.finished(me, target);
      return;
    } catch (error) {
      lastError = error;
    }
  }
  throw new FollowError(
    'The follow change could not be completed; try again.',
    'incomplete',
    lastError,
  );
}

/** One operation per pair at a time: a second call while one runs joins it. */
function once(me: string, target: string, run: () => Promise<void>): Promise<void> {
  const key = `${me} ${target}`;
  const running = inFlight.get(key);
  if (running) return running;
  const operation = run().finally(() => inFlight.delete(key));
  inFlight.set(key, operation);
  return operation;
}

/** Where a run reads and writes, and how it retries; the product uses the defaults. */
export type FollowOptions = { backend?: FollowBackend; retry?: FollowRetry };

/** Runs the pair to completion unless it is a self-follow or already running (then joins it). */
function startRun(
  me: string,
  target: string,
  decide: (state: FollowState) => boolean,
  options: FollowOptions,
): Promise<void> {
  if (me === target) {
    return Promise.reject(new FollowError('A member cannot follow themselves.', 'self'));
  }
  return once(me, target, () =>
    runToCompletion(
      me,
      target,
      decide,
      options.backend ?? firestoreFollowBackend,
      options.retry ?? FOLLOW_RETRY,
    ),
  );
}

/**
 * Makes `me` follow (`follow = true`) or unfollow `target`, fanning out to every post by target.
 * Runs are retried from a fresh read; if every attempt fails it rejects with a FollowError
 * ('incomplete') and calling it again finishes the job. While a call for the pair runs, another
 * call returns the running one (a double click does one thing).
 */
export function setFollowing(
  me: string,
  target: string,
  follow: boolean,
  options: FollowOptions = {},
): Promise<void> {
  return startRun(me, target, () => follow, options);
}

/**
 * Brings the posts and `Following/{me}` in line with `Followers/{target}` (the truth once the
 * first batch has landed) — for a pair whose earlier operation stopped part-way.
 */
export function repairFollow(
  me: string,
  target: string,
  options: FollowOptions = {},
): Promise<void> {
  return startRun(me, target, (state) => state.followers.includes(me), options);
}
