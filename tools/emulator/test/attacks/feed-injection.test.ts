/** Attack: a post whose `followers` lists members who do not follow its author (their home feeds). */
import { expectAllowed, expectDenied, member, textPost, withAttackStack } from './attack-kit';

const kit = withAttackStack('demo-attack-feed');

beforeAll(async () => {
  expectAllowed(await kit().commit('admin', [...member('alice'), ...member('mallory')]));
});

test('listing every uid in a new post’s followers is refused', async () => {
  expectDenied(await kit().commit('mallory', [textPost('mallory', 'spam', ['mallory', 'alice'])]));
  expect(await kit().read('posts/spam')).toBeNull();
});

test('a follower list that only holds the author’s own followers is accepted', async () => {
  expectAllowed(await kit().commit('mallory', [textPost('mallory', 'fine', ['mallory'])]));
});
