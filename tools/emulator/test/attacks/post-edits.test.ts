/**
 * Attack: rewriting what a post said. An edit keeps the version it replaces in
 * posts/{postId}/edits (docs/DATA_MODEL.md "Editing a post"); a hostile member forges that record,
 * edits someone else's post, slips other fields (likes) into an edit, or rewrites or removes the
 * history while the post is shown. Each is refused and leaves everything as it was; the honest
 * edit beside them passes, so the refusals are about the forgery.
 */
import {
  aliceWithAPostAndMallory,
  expectAllowed,
  expectDenied,
  textPost,
  timestamp,
  withAttackStack,
  type Data,
  type Write,
  postTombstone,
} from './attack-kit';

const kit = withAttackStack('demo-attack-post-edits');

beforeEach(async () => {
  expectAllowed(
    await kit().commit('admin', [
      ...aliceWithAPostAndMallory(),
      textPost('mallory', 'm1'),
      // Each case starts without a history, whatever an earlier one left.
      { delete: 'posts/m1/edits/0' },
      { delete: 'posts/a1/edits/0' },
    ]),
  );
});

/** The post's creation time as stored, which the honest history entry names. */
async function createdAt(postId: string): Promise<string> {
  const post = (await kit().read(`posts/${postId}`)) as { createdAt: { timestampValue: string } };
  return post.createdAt.timestampValue;
}

/** An edit as the app sends it: the whole post with its new caption, and the replaced version. */
async function edit(
  as: 'mallory',
  postId: string,
  owner: string,
  changes: Data,
  entry: Data = {},
): Promise<Write[]> {
  return [
    {
      set: `posts/${postId}`,
      data: {
        postImage: null,
        postCaption: 'Hello',
        uid: owner,
        postId,
        followers: [owner],
        likes: [],
        createdAt: timestamp(await createdAt(postId)),
        editCount: 1,
        ...changes,
      },
      serverTime: ['editedAt'],
    },
    {
      set: `posts/${postId}/edits/0`,
      data: {
        uid: as,
        postCaption: 'Hello',
        postImageAlt: null,
        versionAt: timestamp(await createdAt(postId)),
        ...entry,
      },
      serverTime: ['replacedAt'],
    },
  ];
}

async function expectDeniedLeavingAsIs(writes: Write[], paths: string[]): Promise<void> {
  const before = await Promise.all(paths.map((path) => kit().read(path)));
  expectDenied(await kit().commit('mallory', writes));
  expect(await Promise.all(paths.map((path) => kit().read(path)))).toEqual(before);
}

test('a forged history: the record says the post said something it never did', async () => {
  const paths = ['posts/m1', 'posts/m1/edits/0'];
  await expectDeniedLeavingAsIs(
    await edit(
      'mallory',
      'm1',
      'mallory',
      { postCaption: 'Buy my coin' },
      {
        postCaption: 'Buy my coin',
      },
    ),
    paths,
  );
  // Or the edit without any record of what it replaced.
  const [postOnly] = await edit('mallory', 'm1', 'mallory', { postCaption: 'Buy my coin' });
  await expectDeniedLeavingAsIs([postOnly!], paths);
  // The honest record of the same edit passes.
  expectAllowed(
    await kit().commit('mallory', await edit('mallory', 'm1', 'mallory', { postCaption: 'Hi' })),
  );
  expect(await kit().read('posts/m1/edits/0')).toMatchObject({
    postCaption: { stringValue: 'Hello' },
  });
});

test('editing someone else’s post, with a record in either name', async () => {
  for (const owner of ['alice', 'mallory']) {
    await expectDeniedLeavingAsIs(
      await edit(
        'mallory',
        'a1',
        'alice',
        { postCaption: 'Alice says: buy my coin' },
        {
          uid: owner,
        },
      ),
      ['posts/a1', 'posts/a1/edits/0'],
    );
  }
});

test('an edit that also changes likes, the audience or the time', async () => {
  const fans = Array.from({ length: 500 }, (_, i) => `fan${i}`);
  const extras: Data[] = [
    { likes: fans },
    { followers: ['mallory', 'alice'] },
    { createdAt: timestamp('2030-01-01T00:00:00Z') },
  ];
  for (const extra of extras) {
    await expectDeniedLeavingAsIs(
      await edit('mallory', 'm1', 'mallory', { postCaption: 'Hi', ...extra }),
      ['posts/m1', 'posts/m1/edits/0'],
    );
  }
});

test('the history cannot be rewritten or removed while its post is shown', async () => {
  expectAllowed(
    await kit().commit('mallory', await edit('mallory', 'm1', 'mallory', { postCaption: 'Hi' })),
  );
  const entry = await kit().read('posts/m1/edits/0');
  await expectDeniedLeavingAsIs(
    [
      {
        set: 'posts/m1/edits/0',
        data: { ...(entry as Data), postCaption: 'Hi' },
      },
    ],
    ['posts/m1/edits/0'],
  );
  await expectDeniedLeavingAsIs([{ delete: 'posts/m1/edits/0' }], ['posts/m1/edits/0']);
  // With the post (and its tombstone), it goes.
  expectAllowed(
    await kit().commit('mallory', [
      { delete: 'posts/m1' },
      postTombstone('mallory', 'm1'),
      { delete: 'posts/m1/edits/0' },
    ]),
  );
  expect(await kit().read('posts/m1/edits/0')).toBeNull();
});
