// The fan-out logic runs against a fake backend; the Firebase app itself is never started here.
import { FakeFollowBackend as FakeBackend } from '../testing/fakeFollowBackend';
import { planFollow } from './followPlan';
import type { FollowState } from './followPlan';
import { FollowError, repairFollow, setFollowing } from './followRuns';

const ME = 'me';
const TARGET = 'ann';
const noWait = { attempts: 3, baseDelayMs: 1, sleep: () => Promise.resolve() };

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
  it('unfollow reverses all three', async () => {
    const backend = new FakeBackend(3);
    await setFollowing(ME, TARGET, true, { backend, retry: noWait });
    expect(backend.followers).toEqual([ME]);
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
    // First run: batch 1 ok (2 connection writes, 498 posts), batch 2 failed; second run re-read
    // and wrote only the 202 missing posts.
    expect(backend.reads).toBe(2);
    expect(backend.commits.map((batch) => batch.length)).toEqual([500, 202]);
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
