/** Attack: text that is only invisible characters, and numbers out of range. */
import {
  aliceWithAPostAndMallory,
  expectAllowed,
  expectDenied,
  member,
  withAttackStack,
} from './attack-kit';

const kit = withAttackStack('demo-attack-blank');
const ZERO_WIDTH = '\u200b\u200c\u200d\u2060\ufeff';

beforeAll(async () => {
  expectAllowed(await kit().commit('admin', aliceWithAPostAndMallory()));
});

test('a zero-width name, caption, comment or reply is blank', async () => {
  const profile = member('mallory', ZERO_WIDTH)[0]!;
  expectDenied(await kit().commit('mallory', [profile]));
  expectDenied(
    await kit().commit('mallory', [
      {
        set: 'posts/p1',
        data: {
          postImage: null,
          postCaption: ZERO_WIDTH,
          uid: 'mallory',
          postId: 'p1',
          followers: ['mallory'],
          likes: [],
        },
        serverTime: ['createdAt'],
      },
    ]),
  );
  expectDenied(
    await kit().commit('mallory', [
      {
        set: 'comments/c1',
        data: {
          comment: `${ZERO_WIDTH}\u00a0\u3000`,
          replies: [],
          postId: 'a1',
          userId: 'mallory',
        },
        serverTime: ['createdAt'],
      },
    ]),
  );
});

test('userAge outside 0–150 is refused', async () => {
  for (const age of [-1, 151, 2 ** 40]) {
    expectDenied(
      await kit().commit('mallory', [
        {
          patch: 'usersData/mallory',
          data: { userInfo: { userAge: age } },
          mask: ['userInfo.userAge'],
        },
      ]),
    );
  }
});
