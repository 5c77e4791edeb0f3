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
