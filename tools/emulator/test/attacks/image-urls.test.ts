/** Attack: image fields pointing anywhere — tracking pixels, script URLs, other members' files. */
import { expectAllowed, expectDenied, member, photoPost, withAttackStack } from './attack-kit';

const kit = withAttackStack('demo-attack-images');

beforeAll(async () => {
  expectAllowed(await kit().commit('admin', [...member('alice'), ...member('mallory')]));
});

const hostile = () => [
  'https://tracker.example.test/pixel.gif?who=mallory',
  'javascript:alert(document.cookie)',
  'data:image/svg+xml,<svg onload=alert(1)>',
  kit().fileUrl('alice', 'pfps'),
  kit().fileUrl('mallory', 'pfps').replace('127.0.0.1', 'evil.test'),
  kit().fileUrl('mallory', 'pfps', '..%2F..%2Falice%2Fpfps%2Fa.png'),
];

test('profile pictures and covers take only the member’s own uploads', async () => {
  for (const url of [...hostile(), kit().fileUrl('mallory', 'posts')]) {
    for (const field of ['profilePicture', 'profileCover']) {
      expectDenied(
        await kit().commit('mallory', [
          {
            patch: 'usersData/mallory',
            data: { profilePictures: { [field]: url } },
            mask: [`profilePictures.${field}`],
          },
        ]),
      );
    }
  }
  expectAllowed(
    await kit().commit('mallory', [
      {
        patch: 'usersData/mallory',
        data: { profilePictures: { profilePicture: kit().fileUrl('mallory', 'pfps') } },
        mask: ['profilePictures.profilePicture'],
      },
    ]),
  );
});

test('a post photo takes only the author’s own upload in posts/', async () => {
  for (const url of hostile()) {
    expectDenied(await kit().commit('mallory', [photoPost('mallory', 'p1', url)]));
  }
  expectAllowed(
    await kit().commit('mallory', [photoPost('mallory', 'p1', kit().fileUrl('mallory'))]),
  );
});

/**
 * Uids holding pattern characters (any sign-in method but passwords allows them, and a forged
 * emulator token carries any uid): each of these, pasted into a regular expression, would match
 * "alice", so alice's files would count as the member's own.
 */
const PATTERN_UIDS = [
  '.*',
  '(alice|mal)',
  'alic.',
  'a+lice',
  'alic?e',
  '[a-z]+',
  '\\w+',
  'a{1}lice',
  '^alice$',
  '(?:alice)',
];

test.each(PATTERN_UIDS)(
  'a member with uid %s cannot use alice’s files as their own',
  async (uid) => {
    expectAllowed(await kit().commit('admin', member(uid)));
    for (const [folder, field] of [
      ['pfps', 'profilePicture'],
      ['pfcovers', 'profileCover'],
    ] as const) {
      expectDenied(
        await kit().commit(uid, [
          {
            patch: `usersData/${uid}`,
            data: { profilePictures: { [field]: kit().fileUrl('alice', folder) } },
            mask: [`profilePictures.${field}`],
          },
        ]),
      );
    }
    expectDenied(
      await kit().commit(uid, [
        photoPost(uid, `p-${PATTERN_UIDS.indexOf(uid)}`, kit().fileUrl('alice')),
      ]),
    );
  },
);

test('a uid with a dot still uses its own files, and only its own', async () => {
  expectAllowed(await kit().commit('admin', [...member('mal.ory'), ...member('malvory')]));
  const own = (uid: string) => ({
    patch: `usersData/${uid}`,
    data: { profilePictures: { profilePicture: kit().fileUrl(uid, 'pfps') } },
    mask: ['profilePictures.profilePicture'],
  });
  expectAllowed(await kit().commit('mal.ory', [own('mal.ory')]));
  // `mal.ory` as a pattern would match `malvory`.
  expectDenied(
    await kit().commit('mal.ory', [
      {
        ...own('mal.ory'),
        data: { profilePictures: { profilePicture: kit().fileUrl('malvory', 'pfps') } },
      },
    ]),
  );
});
