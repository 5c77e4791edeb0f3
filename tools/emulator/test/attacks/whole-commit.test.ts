/**
 * Attack: several writes to one document in one commit. Rules judge each document once per
 * commit (`resource` before the commit, `request.resource` after all of its writes), as Google's
 * Cloud Firestore emulator and production do, never one write at a time: so a commit cannot walk
 * a list through steps the rules allow one by one to a state they do not allow, and a value a
 * later write corrects is no reason to refuse. The same cases run on both engines.
 */
import {
  aliceWithAPostAndMallory,
  expectAllowed,
  expectDenied,
  member,
  textPost,
  withAttackStack,
  type Write,
} from './attack-kit';

const kit = withAttackStack('demo-attack-whole-commit');

const reply = (text: string) => ({ reply: text, userId: 'mallory' });

// Each case starts from the same scene, whatever an earlier one left.
beforeEach(async () => {
  expectAllowed(
    await kit().commit('admin', [
      ...aliceWithAPostAndMallory(),
      ...member('bob'),
      {
        set: 'comments/c1',
        data: { comment: 'First', replies: [], postId: 'a1', userId: 'alice' },
        serverTime: ['createdAt'],
      },
    ]),
  );
});

/** Denied, and none of `paths` changed. */
async function expectDeniedLeavingAsIs(writes: Write[], paths: string[]): Promise<void> {
  const before = await Promise.all(paths.map((path) => kit().read(path)));
  expectDenied(await kit().commit('mallory', writes));
  expect(await Promise.all(paths.map((path) => kit().read(path)))).toEqual(before);
}

test('a real follow and 300 writes that grow my Following one copy at a time is one follow too many', async () => {
  const growth: Write[] = Array.from({ length: 300 }, (_, k) => ({
    patch: 'Following/mallory',
    data: { Following: Array.from({ length: k + 2 }, () => 'alice') },
    mask: ['Following'],
  }));
  await expectDeniedLeavingAsIs(
    [
      { union: 'Followers/alice', field: 'Followers', values: ['mallory'] },
      { union: 'Following/mallory', field: 'Following', values: ['alice'] },
      { union: 'posts/a1', field: 'followers', values: ['mallory'] },
      ...growth,
    ],
    ['Following/mallory', 'Followers/alice', 'posts/a1'],
  );
});

test('two post ids appended to my posts by two writes are two at once', async () => {
  await expectDeniedLeavingAsIs(
    [
      textPost('mallory', 'm1'),
      textPost('mallory', 'm2'),
      { union: 'usersData/mallory', field: 'posts', values: ['m1'] },
      { union: 'usersData/mallory', field: 'posts', values: ['m2'] },
    ],
    ['usersData/mallory', 'posts/m1', 'posts/m2'],
  );
});

test('a like and an unlike in one commit change no like', async () => {
  await expectDeniedLeavingAsIs(
    [
      { union: 'posts/a1', field: 'likes', values: ['mallory'] },
      { remove: 'posts/a1', field: 'likes', values: ['mallory'] },
    ],
    ['posts/a1'],
  );
});

test('two follows in one commit are two members at once in my Following', async () => {
  await expectDeniedLeavingAsIs(
    [
      { union: 'Followers/alice', field: 'Followers', values: ['mallory'] },
      { union: 'Following/mallory', field: 'Following', values: ['alice'] },
      { union: 'Followers/bob', field: 'Followers', values: ['mallory'] },
      { union: 'Following/mallory', field: 'Following', values: ['bob'] },
    ],
    ['Following/mallory', 'Followers/alice', 'Followers/bob'],
  );
});

test('two replies in one commit are two at once', async () => {
  await expectDeniedLeavingAsIs(
    [
      { union: 'comments/c1', field: 'replies', values: [reply('one')] },
      { union: 'comments/c1', field: 'replies', values: [reply('two')] },
    ],
    ['comments/c1'],
  );
});

test('an unfollow and a follow in one commit swap one member for another in my Following', async () => {
  // The lists are the profile function's to fill from the follow edges: the state comes from it.
  expectAllowed(
    await kit().commit('admin', [
      { union: 'Followers/alice', field: 'Followers', values: ['mallory'] },
      { union: 'Following/mallory', field: 'Following', values: ['alice'] },
    ]),
  );
  await expectDeniedLeavingAsIs(
    [
      { remove: 'Followers/alice', field: 'Followers', values: ['mallory'] },
      { remove: 'Following/mallory', field: 'Following', values: ['alice'] },
      { union: 'Followers/bob', field: 'Followers', values: ['mallory'] },
      { union: 'Following/mallory', field: 'Following', values: ['bob'] },
    ],
    ['Following/mallory', 'Followers/alice', 'Followers/bob'],
  );
});

test('a blank name corrected by a later write of the same commit is a valid name', async () => {
  expectAllowed(
    await kit().commit('mallory', [
      {
        patch: 'usersData/mallory',
        data: { userInfo: { userName: '\u200b' }, searchName: '\u200b' },
        mask: ['userInfo.userName', 'searchName'],
      },
      {
        patch: 'usersData/mallory',
        data: { userInfo: { userName: 'Mal' }, searchName: 'mal' },
        mask: ['userInfo.userName', 'searchName'],
      },
    ]),
  );
  const stored = JSON.stringify(await kit().read('usersData/mallory'));
  expect(stored).toContain('"Mal"');
});
