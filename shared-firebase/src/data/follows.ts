import {
  arrayRemove,
  arrayUnion,
  getDoc,
  getDocs,
  query,
  where,
  writeBatch,
} from 'firebase/firestore';
import { useMemo } from 'react';
import { getDb } from '../db';
import { MAX_BATCH_WRITES } from '../constants';
import { useLiveDocument } from '../hooks/useLiveDocument';
import { followersRef, followingRef, postRef, postsCollection } from '../refs';

/*
 * Follow / unfollow fan-out (docs/DATA_MODEL.md "Follow / unfollow", mfe-profile/README.md).
 *
 * Three things must agree: `Followers/{target}` holds me, `Following/{me}` holds target, and the
 * `followers` of every post by target hold me. The rules only accept a write that really adds or
 * removes me (a repeated arrayUnion is denied), so an operation never replays blind writes: it
 * reads the current state, plans only the writes that are still missing, and commits them in
 * batches of at most MAX_BATCH_WRITES. The first batch carries both connection documents, so the
 * connection documents change atomically with the first posts; a failure after that leaves the
 * connection documents as the truth and any later run (retry, or repair) finishes the posts.
 */

export type FollowWrite =
  { kind: 'followers' } | { kind: 'following' } | { kind: 'post'; postId: string };

/** What the fan-out reads before planning. */
export interface FollowState {
  /** `Followers/{target}.Followers`. */
  followers: string[];
  /** `Following/{me}.Following`. */
  following: string[];
  /** Every post by target, with its `followers`. */
  posts: Array<{ id: string; followers: string[] }>;
}

/** The backend the fan-out talks to; the real one is Firestore, tests pass a fake. */
export interface FollowBackend {
  read(me: string, target: string): Promise<FollowState>;
  /** Commits the writes atomically: arrayUnion when `follow`, arrayRemove otherwise. */
  commit(me: string, target: string, follow: boolean, writes: FollowWrite[]): Promise<void>;
}

export interface FollowRetry {
  /** Whole runs (read, plan, commit), the first included. */
  attempts: number;
  /** Wait before the second run; each later wait doubles. */
  baseDelayMs: number;
  sleep?: (ms: number) => Promise<void>;
}

export const FOLLOW_RETRY: FollowRetry = { attempts: 3, baseDelayMs: 500 };

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

/**
 * The writes that bring the state to "me follows target" (`follow`) or not, in batches of at most
 * `maxWrites`; the connection documents, when they need a write, lead the first batch.
 */
export function planFollow(
  me: string,
  target: string,
  follow: boolean,
  state: FollowState,
  maxWrites: number = MAX_BATCH_WRITES,
): FollowWrite[][] {
  const needsChange = (list: string[], uid: string) => list.includes(uid) !== follow;
  const writes: FollowWrite[] = [];
  if (needsChange(state.followers, me)) writes.push({ kind: 'followers' });
  if (needsChange(state.following, target)) writes.push({ kind: 'following' });
  for (const post of state.posts) {
    if (needsChange(post.followers, me)) writes.push({ kind: 'post', postId: post.id });
  }
  const batches: FollowWrite[][] = [];
  for (let start = 0; start < writes.length; start += maxWrites) {
    batches.push(writes.slice(start, start + maxWrites));
  }
  return batches;
}

export const firestoreFollowBackend: FollowBackend = {
  async read(me, target) {
    const [followers, following, posts] = await Promise.all([
      getDoc(followersRef(target)),
      getDoc(followingRef(me)),
      getDocs(query(postsCollection(), where('uid', '==', target))),
    ]);
    return {
      followers: followers.data()?.Followers ?? [],
      following: following.data()?.Following ?? [],
      posts: posts.docs.map((post) => ({ id: post.id, followers: post.data().followers ?? [] })),
    };
  },
  async commit(me, target, follow, writes) {
    const change = (uid: string) => (follow ? arrayUnion(uid) : arrayRemove(uid));
    const batch = writeBatch(getDb());
    for (const write of writes) {
      if (write.kind === 'followers') batch.update(followersRef(target), { Followers: change(me) });
      else if (write.kind === 'following') {
        batch.update(followingRef(me), { Following: change(target) });
      } else batch.update(postRef(write.postId), { followers: change(me) });
    }
    await batch.commit();
  },
};

// ---- pairs whose last operation did not finish (this browser) ----

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

function markUnfinished(me: string, target: string): void {
  const key = pairKey(me, target);
  const pairs = readPending();
  if (!pairs.includes(key)) writePending([...pairs, key]);
}

function markFinished(me: string, target: string): void {
  const key = pairKey(me, target);
  writePending(readPending().filter((pair) => pair !== key));
}

/** Targets of `me` whose last follow or unfollow in this browser did not finish. */
export function unfinishedFollowTargets(me: string): string[] {
  return readPending()
    .map((pair) => pair.split(' '))
    .filter(([owner, target]) => owner === me && Boolean(target))
    .map(([, target]) => target!);
}

// ---- operations ----

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
  markUnfinished(me, target);
  let lastError: unknown;
  for (let attempt = 0; attempt < retry.attempts; attempt += 1) {
    if (attempt > 0) await sleep(retry.baseDelayMs * 2 ** (attempt - 1));
    try {
      const state = await backend.read(me, target);
      const follow = decide(state);
      for (const batch of planFollow(me, target, follow, state)) {
        await backend.commit(me, target, follow, batch);
      }
      markFinished(me, target);
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
  const key = pairKey(me, target);
  const running = inFlight.get(key);
  if (running) return running;
  const operation = run().finally(() => inFlight.delete(key));
  inFlight.set(key, operation);
  return operation;
}

function refuseSelf(me: string, target: string): void {
  if (me === target) throw new FollowError('A member cannot follow themselves.', 'self');
}

type FollowOptions = { backend?: FollowBackend; retry?: FollowRetry };

/** Runs the pair to completion unless it is a self-follow or already running (then joins it). */
function startRun(
  me: string,
  target: string,
  decide: (state: FollowState) => boolean,
  options: FollowOptions,
): Promise<void> {
  try {
    refuseSelf(me, target);
  } catch (error) {
    return Promise.reject(error);
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

export type FollowStatus =
  | { status: 'loading' }
  | { status: 'ready'; following: boolean }
  | { status: 'error'; error: Error };

/** Whether `me` follows `target`, live from `Followers/{target}`. */
export function useFollowStatus(me: string, target: string): FollowStatus {
  const ref = useMemo(() => followersRef(target), [target]);
  const followers = useLiveDocument(ref);
  if (followers.status === 'ready') {
    return { status: 'ready', following: followers.data.Followers.includes(me) };
  }
  if (followers.status === 'missing') return { status: 'ready', following: false };
  if (followers.status === 'error') return { status: 'error', error: followers.error };
  return { status: 'loading' };
}
