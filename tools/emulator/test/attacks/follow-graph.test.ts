/** Attack: a fake follow graph — one side of a follow without the other, or a post's audience joined without following. */
import {
  aliceWithAPostAndMallory,
  expectAllowed,
  expectDenied,
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

test('the real follow (both sides and the posts, one write) is accepted', async () => {
  expectAllowed(
    await kit().commit('mallory', [
      { union: 'Followers/alice', field: 'Followers', values: ['mallory'] },
      { union: 'Following/mallory', field: 'Following', values: ['alice'] },
      { union: 'posts/a1', field: 'followers', values: ['mallory'] },
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
