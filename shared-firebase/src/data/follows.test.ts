// The fan-out logic runs against a fake backend; the Firebase app itself is never started here.
jest.mock('../db', () => ({ getDb: jest.fn() }));

import {
  FollowError,
  planFollow,
  repairFollow,
  repairUnfinishedFollows,
  setFollowing,
  unfinishedFollowTargets,
} from './follows';
import type { FollowBackend, FollowState, FollowWrite } from './follows';
import { MAX_BATCH_WRITES } from '../constants';

const ME = 'me';
const TARGET = 'ann';
const noWait = { attempts: 3, baseDelayMs: 1, sleep: () => Promise.resolve() };

/**
 * An in-memory backend that behaves like the rules: each batch is atomic, and a write that would
 * not really add or remove the uid is denied (the rules refuse a repeated arrayUnion).
 */
class FakeBackend implements FollowBackend {
  followers: string[] = [];
  following: string[] = [];
  posts = new Map<string, string[]>();
  commits: FollowWrite[][] = [];
  reads = 0;
  /** Fail the commit with this index (0-based, over the whole life of the fake), once each. */
  failCommits = new Set<number>();
  private commitCount = 0;

  constructor(postCount: number) {
    for (let i = 0; i < postCount; i += 1) this.posts.set(`p${i}`, [TARGET]);
  }

  async read(): Promise<FollowState> {
    this.reads += 1;
    return {
      followers: [...this.followers],
      following: [...this.following],
      posts: [...this.posts].map(([id, followers]) => ({ id, followers: [...followers] })),
    };
  }

  async commit(me: string, target: string, follow: boolean, writes: FollowWrite[]) {
    const index = this.commitCount;
    this.commitCount += 1;
    await Promise.resolve();
    if (writes.length > MAX_BATCH_WRITES) throw new Error('too many writes in one batch');
    if (this.failCommits.delete(index)) throw new Error('unavailable');
    const toggle = (list: string[], uid: string) => {
      if (list.includes(uid) === follow) throw new Error('permission-denied');
      return follow ? [...list, uid] : list.filter((entry) => entry !== uid);
    };
    // Work on copies so a denied batch changes nothing.
    let followers = this.followers;
    let following = this.following;
    const posts = new Map(this.posts);
    for (const write of writes) {
      if (write.kind === 'followers') followers = toggle(followers, me);
      else if (write.kind === 'following') following = toggle(following, target);
      else posts.set(write.postId, toggle(posts.get(write.postId)!, me));
    }
    this.followers = followers;
    this.following = following;
    this.posts = posts;
    this.commits.push(writes);
  }

  postsFollowedBy(uid: string): number {
    return [...this.posts.values()].filter((followers) => followers.includes(uid)).length;
  }
}

beforeEach(() => localStorage.clear());

describe('planFollow', () => {
  it('puts both connection documents first and splits the posts at the batch limit', () => {
    const state: FollowState = {
      followers: [],
      following: [],
      posts: Array.from({ length: 1200 }, (_, i) => ({ id: `p${i}`, followers: [TARGET] })),
    };
    const batches = planFollow(ME, TARGET, true, state);
    expect(batches.map((batch) => batch.length)).toEqual([500, 500, 202]);
    expect(batches[0]!.slice(0, 2)).toEqual([{ kind: 'followers' }, { kind: 'following' }]);
    expect(batches[0]![2]).toEqual({ kind: 'post', postId: 'p0' });
    expect(batches[2]![201]).toEqual({ kind: 'post', postId: 'p1199' });
  });

  it('plans only what is still missing', () => {
    const state: FollowState = {
      followers: [TARGET, ME],
      following: [TARGET],
      posts: [
        { id: 'a', followers: [TARGET, ME] },
        { id: 'b', followers: [TARGET] },
      ],
    };
    expect(planFollow(ME, TARGET, true, state)).toEqual([[{ kind: 'post', postId: 'b' }]]);
    expect(planFollow(ME, TARGET, false, state)).toEqual([
      [{ kind: 'followers' }, { kind: 'following' }, { kind: 'post', postId: 'a' }],
    ]);
  });

  it('plans nothing when the state is already right', () => {
    expect(planFollow(ME, TARGET, false, { followers: [], following: [], posts: [] })).toEqual([]);
  });
});

describe('setFollowing', () => {
  it('follows: connections and every post, in batches of at most 500', async () => {
    const backend = new FakeBackend(1100);
    await setFollowing(ME, TARGET, true, { backend, retry: noWait });
    expect(backend.followers).toEqual([ME]);
    expect(backend.following).toEqual([TARGET]);
    expect(backend.postsFollowedBy(ME)).toBe(1100);
    expect(backend.commits.map((batch) => batch.length)).toEqual([500, 500, 102]);
    expect(unfinishedFollowTargets(ME)).toEqual([]);
  });

  it('unfollow reverses all three', async () => {
    const backend = new FakeBackend(3);
    await setFollowing(ME, TARGET, true, { backend, retry: noWait });
    await setFollowing(ME, TARGET, false, { backend, retry: noWait });
    expect(backend.followers).toEqual([]);
    expect(backend.following).toEqual([]);
    expect(backend.postsFollowedBy(ME)).toBe(0);
    expect(backend.postsFollowedBy(TARGET)).toBe(3);
  });

  it('a second call while one runs joins it instead of writing twice', async () => {
    const backend = new FakeBackend(2);
    const first = setFollowing(ME, TARGET, true, { backend, retry: noWait });
    const second = setFollowing(ME, TARGET, true, { backend, retry: noWait });
    expect(second).toBe(first);
    await Promise.all([first, second]);
    expect(backend.commits).toHaveLength(1);
    expect(backend.reads).toBe(1);
  });

  it('refuses to follow yourself and writes nothing', async () => {
    const backend = new FakeBackend(1);
    await expect(setFollowing(ME, ME, true, { backend, retry: noWait })).rejects.toMatchObject({
      reason: 'self',
    });
    expect(backend.reads).toBe(0);
    expect(backend.commits).toHaveLength(0);
  });

  it('a later batch failing once is finished by the retry from a fresh read', async () => {
    const backend = new FakeBackend(700);
    backend.failCommits.add(1); // the second batch
    await setFollowing(ME, TARGET, true, { backend, retry: noWait });
    expect(backend.postsFollowedBy(ME)).toBe(700);
    expect(backend.followers).toEqual([ME]);
    // First run: batch 1 ok, batch 2 failed; second run re-read and wrote only the 202 missing posts.
    expect(backend.reads).toBe(2);
    expect(backend.commits.map((batch) => batch.length)).toEqual([500, 202]);
  });

  it('reports an incomplete follow, keeps it marked, and a repair finishes it', async () => {
    const backend = new FakeBackend(600);
    backend.failCommits = new Set([1, 2, 3]); // batch 2 of every attempt
    const error = await setFollowing(ME, TARGET, true, { backend, retry: noWait }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(FollowError);
    expect((error as FollowError).reason).toBe('incomplete');
    expect(backend.followers).toEqual([ME]);
    expect(backend.postsFollowedBy(ME)).toBe(498);
    expect(unfinishedFollowTargets(ME)).toEqual([TARGET]);

    await repairUnfinishedFollows(ME, { backend, retry: noWait });
    expect(backend.postsFollowedBy(ME)).toBe(600);
    expect(backend.following).toEqual([TARGET]);
    expect(unfinishedFollowTargets(ME)).toEqual([]);
  });

  it('a failed first batch changes nothing at all', async () => {
    const backend = new FakeBackend(5);
    backend.failCommits = new Set([0, 1, 2]);
    await expect(setFollowing(ME, TARGET, true, { backend, retry: noWait })).rejects.toBeInstanceOf(
      FollowError,
    );
    expect(backend.followers).toEqual([]);
    expect(backend.following).toEqual([]);
    expect(backend.postsFollowedBy(ME)).toBe(0);
  });
});

describe('repairFollow', () => {
  it('follows the connection documents, not the last intent', async () => {
    const backend = new FakeBackend(4);
    // Unfollowed elsewhere after a part-way follow here: Followers no longer holds me.
    backend.posts.set('p0', [TARGET, ME]);
    backend.posts.set('p1', [TARGET, ME]);
    await repairFollow(ME, TARGET, { backend, retry: noWait });
    expect(backend.postsFollowedBy(ME)).toBe(0);
    expect(backend.followers).toEqual([]);
  });
});
