import { repairFollow } from '../data';
import type { FollowOptions, FollowRunWatcher } from '../data';

// Pairs whose last follow or unfollow in this browser did not finish, kept in localStorage so the
// profile remote can finish them at its next start (README "Follow").

const PENDING_KEY = 'profile.unfinishedFollows';

function readPending(): string[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(PENDING_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((entry) => typeof entry === 'string') : [];
  } catch {
    return [];
  }
}

function writePending(pairs: string[]): void {
  try {
    if (pairs.length === 0) localStorage.removeItem(PENDING_KEY);
    else localStorage.setItem(PENDING_KEY, JSON.stringify(pairs));
  } catch {
    // Storage full or blocked: the marker only speeds up repair, the operation itself is unaffected.
  }
}

const pairKey = (me: string, target: string) => `${me} ${target}`;

function markFinished(me: string, target: string): void {
  const key = pairKey(me, target);
  writePending(readPending().filter((pair) => pair !== key));
}

/** Marks a pair when its run starts and clears it when the run finishes (`watchFollowRuns`). */
export const unfinishedFollowMarks: FollowRunWatcher = {
  started(me, target) {
    const key = pairKey(me, target);
    const pairs = readPending();
    if (!pairs.includes(key)) writePending([...pairs, key]);
  },
  finished: markFinished,
};

/** Targets of `me` whose last follow or unfollow in this browser did not finish. */
export function unfinishedFollowTargets(me: string): string[] {
  return readPending()
    .map((pair) => pair.split(' '))
    .filter(([owner, target]) => owner === me && Boolean(target))
    .map(([, target]) => target!);
}

/** Repairs every pair of `me` left unfinished in this browser; failures stay marked for later. */
export async function repairUnfinishedFollows(
  me: string,
  options: FollowOptions = {},
): Promise<void> {
  for (const target of unfinishedFollowTargets(me)) {
    if (target === me) {
      markFinished(me, target);
      continue;
    }
    await repairFollow(me, target, options).catch((error: unknown) =>
      console.error('Could not repair a follow', error),
    );
  }
}
