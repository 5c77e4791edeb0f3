/** Attack: a fake follow graph — one side of a follow without the other, or a post's audience joined without following. */
import {
  aliceWithAPostAndMallory,
  expectAllowed,
  expectDenied,
  textPost,
  withAttackStack,
} from './attack-kit';

const kit = withAttackStack('demo-attack-follow');

beforeAll(async () => {
  expectAllowed(await kit().commit('admin', aliceWithAPostAndMallory()));
});

test('adding myself to Followers/{X} without X in my Following is refused', async () => {
  expectDenied(
    await kit().commit('mallory', [
      { union: 'Followers/alice', field: 'Followers', values: ['mallory'] },
    ]),
  );
});

test('adding X to my Following without me in Followers/{X} is refused', async () => {
  expectDenied(
    await kit().commit('mallory', [
      { union: 'Following/mallory', field: 'Following', values: ['alice'] },
    ]),
  );
});

test('joining a post’s followers without following its author is refused', async () => {
  expectDenied(
    await kit().commit('mallory', [{ union: 'posts/a1', field: 'followers', values: ['mallory'] }]),
  );
  expect(JSON.stringify(await kit().read('posts/a1'))).not.toContain('mallory');
});

test('the real follow is the edge alone; writing both lists and the posts is refused', async () => {
  expectDenied(
    await kit().commit('mallory', [
      { union: 'Followers/alice', field: 'Followers', values: ['mallory'] },
      { union: 'Following/mallory', field: 'Following', values: ['alice'] },
      { union: 'posts/a1', field: 'followers', values: ['mallory'] },
    ]),
  );
  expectAllowed(
    await kit().commit('mallory', [
      {
        set: 'follows/mallory_alice',
        data: { follower: 'mallory', target: 'alice' },
        serverTime: ['createdAt'],
      },
    ]),
  );
});

test('an edge in another member’s name, or with an id that is not its pair, is refused', async () => {
  expectDenied(
    await kit().commit('mallory', [
      {
        set: 'follows/alice_mallory',
        data: { follower: 'alice', target: 'mallory' },
        serverTime: ['createdAt'],
      },
    ]),
  );
  expectDenied(
    await kit().commit('mallory', [
      {
        set: 'follows/mallory_bob',
        data: { follower: 'mallory', target: 'alice' },
        serverTime: ['createdAt'],
      },
    ]),
  );
});

test('leaving one side while the other stays is refused', async () => {
  expectDenied(
    await kit().commit('mallory', [
      { remove: 'Following/mallory', field: 'Following', values: ['alice'] },
    ]),
  );
  expectDenied(
    await kit().commit('mallory', [
      { remove: 'Followers/alice', field: 'Followers', values: ['mallory'] },
    ]),
  );
});

describe('account deletion: the server deletes, a request cannot be forged', () => {
  test('asking for another member’s deletion, or one that claims to be done, is refused', async () => {
    expectDenied(
      await kit().commit('mallory', [
        { set: 'accountDeletions/alice', data: {}, serverTime: ['startedAt'] },
      ]),
    );
    expectDenied(
      await kit().commit('mallory', [
        { set: 'accountDeletions/mallory', data: { status: 'done' }, serverTime: ['startedAt'] },
      ]),
    );
    expect(await kit().read('accountDeletions/alice')).toBeNull();
  });

  test('with her own request made, she still cannot drop a follower or delete a profile with posts', async () => {
    expectAllowed(
      await kit().commit('admin', [
        { set: 'Followers/mallory', data: { Followers: ['alice'] } },
        { set: 'Following/alice', data: { Following: ['mallory'] } },
        textPost('mallory', 'm1'),
        { patch: 'usersData/mallory', data: { posts: ['m1'] }, mask: ['posts'] },
      ]),
    );
    expectAllowed(
      await kit().commit('mallory', [
        { set: 'accountDeletions/mallory', data: {}, serverTime: ['startedAt'] },
      ]),
    );
    // The ghost posts of the in-browser deletion: the profile goes, the posts stay.
    expectDenied(
      await kit().commit('mallory', [
        { patch: 'usersData/mallory', data: { posts: [] }, mask: ['posts'] },
        { delete: 'usersData/mallory' },
      ]),
    );
    expectDenied(
      await kit().commit('mallory', [
        { remove: 'Followers/mallory', field: 'Followers', values: ['alice'] },
        { remove: 'Following/alice', field: 'Following', values: ['mallory'] },
      ]),
    );
    expectDenied(
      await kit().commit('mallory', [
        { patch: 'accountDeletions/mallory', data: { status: 'done' }, mask: ['status'] },
      ]),
    );
    expect(await kit().read('usersData/mallory')).not.toBeNull();
    expect(JSON.stringify(await kit().read('Following/alice'))).toContain('mallory');
  });
});
