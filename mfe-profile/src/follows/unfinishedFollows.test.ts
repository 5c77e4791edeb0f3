// The marks of unfinished follows, around the real fan-out on a fake backend (the rules' behaviour).
import { FakeFollowBackend as FakeBackend } from '../testing/fakeFollowBackend';
import { FollowError, setFollowing, watchFollowRuns } from '../data';
import {
  repairUnfinishedFollows,
  unfinishedFollowMarks,
  unfinishedFollowTargets,
} from './unfinishedFollows';

const ME = 'me';
const TARGET = 'ann';
const noWait = { attempts: 3, baseDelayMs: 1, sleep: () => Promise.resolve() };

beforeAll(() => watchFollowRuns(unfinishedFollowMarks));
beforeEach(() => localStorage.clear());

describe('setFollowing, watched by the unfinished-follow marks', () => {
  it('follows: connections and every post, in batches of at most 500', async () => {
    const backend = new FakeBackend(1100);
    await setFollowing(ME, TARGET, true, { backend, retry: noWait });
    expect(backend.followers).toEqual([ME]);
    expect(backend.following).toEqual([TARGET]);
    expect(backend.postsFollowedBy(ME)).toBe(1100);
    // 2 connection writes and 1100 posts.
    expect(backend.commits.map((batch) => batch.length)).toEqual([500, 500, 102]);
    expect(unfinishedFollowTargets(ME)).toEqual([]);
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
    expect(backend.postsFollowedBy(ME)).toBe(498); // batch 1: both connections, 498 posts
    expect(unfinishedFollowTargets(ME)).toEqual([TARGET]);

    await repairUnfinishedFollows(ME, { backend, retry: noWait });
    expect(backend.postsFollowedBy(ME)).toBe(600);
    expect(backend.following).toEqual([TARGET]);
    expect(unfinishedFollowTargets(ME)).toEqual([]);
  });
});
