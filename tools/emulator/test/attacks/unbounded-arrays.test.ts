/** Attack: growing a list toward 1 MiB, or filling it with values of the wrong type. */
import {
  aliceWithAPostAndMallory,
  expectAllowed,
  expectDenied,
  withAttackStack,
} from './attack-kit';

const kit = withAttackStack('demo-attack-arrays');
const uids = (n: number) => Array.from({ length: n }, (_, i) => `u${i}`);

beforeAll(async () => {
  expectAllowed(await kit().commit('admin', aliceWithAPostAndMallory()));
});

test('a forged id, a map or a long string pushed into usersData.posts is refused', async () => {
  // (A 100 KB id is refused as well, but Google's emulator then fails to send its own denial,
  // which quotes the id, and answers 500; 2 KB shows the same on both.)
  for (const value of ['not-a-post', { x: 'y'.repeat(1000) }, 'z'.repeat(2000)]) {
    expectDenied(
      await kit().commit('mallory', [
        { union: 'usersData/mallory', field: 'posts', values: [value] },
      ]),
    );
  }
});

test('connections.* cannot be written at all', async () => {
  expectDenied(
    await kit().commit('mallory', [
      { union: 'usersData/mallory', field: 'connections.Followers', values: uids(50) },
    ]),
  );
});

test('a Followers list at its bound takes no more', async () => {
  expectAllowed(
    await kit().commit('admin', [{ set: 'Followers/alice', data: { Followers: uids(2000) } }]),
  );
  expectDenied(
    await kit().commit('mallory', [
      { union: 'Followers/alice', field: 'Followers', values: ['mallory'] },
      { union: 'Following/mallory', field: 'Following', values: ['alice'] },
    ]),
  );
});

test('a thread at 100 replies takes no more, and no reply carries extra weight', async () => {
  const replies = Array.from({ length: 100 }, (_, i) => ({ reply: `r${i}`, userId: 'alice' }));
  expectAllowed(
    await kit().commit('admin', [
      {
        set: 'comments/c1',
        data: { comment: 'Hi', replies, postId: 'a1', userId: 'alice' },
        serverTime: ['createdAt'],
      },
      {
        set: 'comments/c2',
        data: { comment: 'Hi', replies: [], postId: 'a1', userId: 'alice' },
        serverTime: ['createdAt'],
      },
    ]),
  );
  const mine = { reply: 'more', userId: 'mallory' };
  expectDenied(
    await kit().commit('mallory', [{ union: 'comments/c1', field: 'replies', values: [mine] }]),
  );
  expectDenied(
    await kit().commit('mallory', [
      {
        union: 'comments/c2',
        field: 'replies',
        values: [{ reply: 'x'.repeat(1001), userId: 'mallory' }],
      },
    ]),
  );
  expectDenied(
    await kit().commit('mallory', [
      { union: 'comments/c2', field: 'replies', values: [{ ...mine, blob: 'y'.repeat(50_000) }] },
    ]),
  );
  // The comment's author can always make room again.
  expectAllowed(
    await kit().commit('alice', [
      { remove: 'comments/c1', field: 'replies', values: [replies[0]!] },
    ]),
  );
  expectAllowed(
    await kit().commit('mallory', [{ union: 'comments/c1', field: 'replies', values: [mine] }]),
  );
});
