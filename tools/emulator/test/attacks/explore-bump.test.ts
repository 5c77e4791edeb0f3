/** Attack: deleting and recreating an old post's explore entry to put it back on top of Explore. */
import { expectAllowed, expectDenied, member, photoPost, withAttackStack } from './attack-kit';

const kit = withAttackStack('demo-attack-explore');

test('an explore entry is only created with its post; recreating it later is refused', async () => {
  expectAllowed(await kit().commit('admin', member('mallory')));
  const image = kit().fileUrl('mallory');
  const entry = {
    set: 'explorePosts/p1',
    data: { postImage: image, uid: 'mallory', postId: 'p1' },
    serverTime: ['createdAt'],
  };
  expectAllowed(await kit().commit('mallory', [photoPost('mallory', 'p1', image), entry]));
  const first = await kit().read('explorePosts/p1');
  expectAllowed(await kit().commit('mallory', [{ delete: 'explorePosts/p1' }]));
  expectDenied(await kit().commit('mallory', [entry]));
  expect(await kit().read('explorePosts/p1')).toBeNull();
  expect(first).not.toBeNull();
});
