/**
 * Attack: making a member's posts and their count disagree. Reusing a deleted post's id (and with
 * it the old post's leftover comments), deleting a post without its tombstone, dropping a post
 * that still exists from its author's list (a lower count, and a profile deletable while its
 * posts stay), post ids long enough to grow usersData toward 1 MiB, and counts written by hand.
 */
import {
  aliceWithAPostAndMallory,
  expectAllowed,
  expectDenied,
  member,
  textPost,
  withAttackStack,
  type Data,
  type Write,
  postTombstone,
} from './attack-kit';

const kit = withAttackStack('demo-attack-post-drift');

const listed = (uid: string, postId: string): Write => ({
  union: `usersData/${uid}`,
  field: 'posts',
  values: [postId],
});
const unlisted = (uid: string, postId: string): Write => ({
  remove: `usersData/${uid}`,
  field: 'posts',
  values: [postId],
});
/** The app's delete batch of a post (docs/DATA_MODEL.md "Delete a post"). */
const deleteWrites = (uid: string, postId: string): Write[] => [
  { delete: `posts/${postId}` },
  { delete: `explorePosts/${postId}` },
  postTombstone(uid, postId),
  unlisted(uid, postId),
];

beforeAll(async () => {
  expectAllowed(await kit().commit('admin', aliceWithAPostAndMallory()));
  expectAllowed(await kit().commit('admin', [listed('alice', 'a1')]));
});

test('a deleted post’s id is never created again, by anyone', async () => {
  expectAllowed(
    await kit().commit('admin', [
      {
        set: 'comments/left',
        data: { comment: 'Hi', replies: [], postId: 'a1', userId: 'alice' },
        serverTime: ['createdAt'],
      },
    ]),
  );
  expectAllowed(await kit().commit('alice', deleteWrites('alice', 'a1')));
  // mallory takes the id over, to become the author of the comment left on it; alice neither.
  for (const who of ['mallory', 'alice']) {
    expectDenied(await kit().commit(who, [textPost(who, 'a1'), listed(who, 'a1')]));
  }
  expect(await kit().read('posts/a1')).toBeNull();
  // A tombstone cannot be taken away or rewritten to make room.
  expectDenied(await kit().commit('alice', [{ delete: 'deletedPosts/a1' }]));
  expectDenied(await kit().commit('mallory', [postTombstone('mallory', 'a1')]));
});

test('a post is not deleted without its tombstone, nor buried while it exists', async () => {
  expectAllowed(
    await kit().commit('mallory', [textPost('mallory', 'm1'), listed('mallory', 'm1')]),
  );
  expectDenied(await kit().commit('mallory', [{ delete: 'posts/m1' }, unlisted('mallory', 'm1')]));
  // A tombstone for a post that stays, or for someone else's post: no.
  expectDenied(await kit().commit('mallory', [postTombstone('mallory', 'm1')]));
  expectAllowed(await kit().commit('admin', [textPost('alice', 'a2')]));
  expectDenied(await kit().commit('mallory', [postTombstone('mallory', 'a2')]));
  expect(await kit().read('posts/m1')).not.toBeNull();
});

test('a post that exists stays in its author’s list', async () => {
  expectDenied(await kit().commit('mallory', [unlisted('mallory', 'm1')]));
  expect((await kit().read('usersData/mallory'))?.['posts']).toEqual({
    arrayValue: { values: [{ stringValue: 'm1' }] },
  });
});

test('a post id longer than an auto-id’s 20 characters is refused', async () => {
  const long = 'x'.repeat(21);
  expectDenied(await kit().commit('mallory', [textPost('mallory', long), listed('mallory', long)]));
  const longest = 'y'.repeat(20);
  expectAllowed(
    await kit().commit('mallory', [textPost('mallory', longest), listed('mallory', longest)]),
  );
});

test('no member writes a count: not on their profile, not on a post', async () => {
  // Her profile exactly as it is, but for the count.
  const [profile] = member('mallory') as [{ set: string; data: Data }];
  expectDenied(
    await kit().commit('mallory', [
      {
        set: profile.set,
        data: { ...profile.data, posts: ['m1', 'y'.repeat(20)], counts: { posts: 900 } },
      },
    ]),
  );
  expectDenied(
    await kit().commit('mallory', [
      { union: 'usersData/mallory', field: 'counts.followers', values: ['x'] },
    ]),
  );
  const forged: Write = {
    set: 'posts/m9',
    data: {
      postImage: null,
      postCaption: 'Hello',
      uid: 'mallory',
      postId: 'm9',
      followers: ['mallory'],
      likes: [],
      counts: { likes: 5000, comments: 5000 },
    },
    serverTime: ['createdAt'],
  };
  expectDenied(await kit().commit('mallory', [forged, listed('mallory', 'm9')]));
});
