/** Attack: image fields pointing anywhere — tracking pixels, script URLs, other members' files. */
import { expectAllowed, expectDenied, member, photoPost, withAttackStack } from './attack-kit';
import type { Write } from './attack-kit';

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
 * A post of three photos as the composer writes it (docs/DATA_MODEL.md "Several photos"), its
 * explore entry with it, `image` of photo `at` and its thumbnail replaced by `url`.
 */
function albumPost(uid: string, postId: string, at: number, url: string | null): Write[] {
  const own = [0, 1, 2].map((n) => kit().fileUrl(uid, 'posts', `p${n}.jpg`));
  const images = own.map((file, n) => (n === at && url ? url : file));
  const thumbnails = own.map((file, n) =>
    n === at && url ? url : file.replace('.jpg?', '-thumbnail.jpg?'),
  );
  const first = { postImage: images[0]!, postThumbnail: thumbnails[0]! };
  return [
    {
      set: `posts/${postId}`,
      data: {
        ...first,
        postCaption: null,
        uid,
        postId,
        followers: [uid],
        likes: [],
        postImageWidth: 10,
        postImageHeight: 10,
        photos: {
          images,
          thumbnails,
          widths: [10, 10, 10],
          heights: [10, 10, 10],
          alts: [null, null, null],
        },
      },
      serverTime: ['createdAt'],
    },
    {
      set: `explorePosts/${postId}`,
      data: { ...first, uid, postId, photoCount: 3 },
      serverTime: ['createdAt'],
    },
  ];
}

test('every photo of a post of several takes only the author’s own uploads in posts/', async () => {
  for (const url of [...hostile(), kit().fileUrl('alice'), kit().fileUrl('mallory', 'pfps')]) {
    for (const at of [1, 2]) {
      expectDenied(await kit().commit('mallory', albumPost('mallory', 'album', at, url)));
    }
  }
  expectAllowed(await kit().commit('mallory', albumPost('mallory', 'album', 1, null)));
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
    // Nor as the second photo of a post whose first is their own.
    expectDenied(
      await kit().commit(
        uid,
        albumPost(uid, `a-${PATTERN_UIDS.indexOf(uid)}`, 1, kit().fileUrl('alice')),
      ),
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
  expectAllowed(await kit().commit('mal.ory', albumPost('mal.ory', 'dotted', 2, null)));
  expectDenied(
    await kit().commit(
      'mal.ory',
      albumPost('mal.ory', 'dotted2', 2, kit().fileUrl('malvory', 'posts', 'p2.jpg')),
    ),
  );
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
