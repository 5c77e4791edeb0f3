import { spawn } from 'node:child_process';
import path from 'node:path';
import { test, expect } from '@playwright/test';
import { IMAGE_SIZES } from 'shared-firebase/testing/imageSizes';
import { FirestoreAdmin } from '../support/firestore-rest';
import type { AdminDoc } from '../support/firestore-rest';
import { pixelAt } from '../support/photos';

// `npm run seed` (tools/scripts/seed.mjs) at a small scale, against a backend of its own (the shared
// stack's members and posts must not change under other specs), on the Firestore backend of this
// run: it writes through the SDK and the rules, the second run adds nothing, and a demo member
// signs in and finds the seeded posts. Its pictures are what the app's media pipeline stores:
// every size uploaded, and the documents naming them. Each like, comment, reply and follow is told
// to its recipient in an activity item by the activity team's functions, as the app's actions are.

const ROOT = path.resolve(__dirname, '../..');
const PROJECT_ID = 'demo-seed';
const SCALE = { members: 4, posts: 10, seed: 'e2e' };

test.describe('npm run seed', () => {
  // Serial: the sign-in test uses the community the first test seeds, on the same stack (after a
  // failure Playwright would start a new worker, and with it an empty stack).
  test.describe.configure({ mode: 'serial', timeout: 600_000 });
  let stopStack: (() => Promise<unknown>) | null = null;
  let env: Record<string, string> = {};
  let shellUrl = '';
  let firestoreUrl = '';

  test.beforeAll(async () => {
    test.setTimeout(600_000);
    const { startServedStack } = await import('../../tools/scripts/lib/served-stack.mjs');
    const stack = await startServedStack(PROJECT_ID);
    stopStack = () => stack.stop();
    firestoreUrl = stack.firestoreUrl;
    env = stack.env;
    shellUrl = stack.shellUrl as string;
  });
  test.afterAll(async () => {
    await stopStack?.();
  });

  function seed() {
    const child = spawn(
      process.execPath,
      [
        'tools/scripts/seed.mjs',
        `--members=${SCALE.members}`,
        `--posts=${SCALE.posts}`,
        `--seed=${SCALE.seed}`,
      ],
      { cwd: ROOT, env: { ...process.env, ...env } },
    );
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    return new Promise<{ status: number | null; output: string }>((resolve) =>
      child.on('close', (status) => resolve({ status, output })),
    );
  }

  /** The pixel size of a stored JPEG, downloaded through its download URL. */
  async function storedSize(url: unknown) {
    expect(typeof url).toBe('string');
    const response = await fetch(url as string);
    expect(response.status, String(url)).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    const { width, height } = pixelAt(Buffer.from(await response.arrayBuffer()), 0, 0);
    return { width, height };
  }

  const bound = (kind: keyof typeof IMAGE_SIZES, name: string) =>
    IMAGE_SIZES[kind].find((size) => size.name === name)!;

  const created = (output: string) => /Created ([^.]+)\./.exec(output)?.[1];
  const community = (output: string) => /community ([0-9a-f]{12})/.exec(output)?.[1];

  test('writes the community through the rules, then adds nothing the second time', async () => {
    const first = await seed();
    expect(first.status, first.output).toBe(0);
    expect(created(first.output)).toMatch(
      new RegExp(
        `^${SCALE.members} members, ${SCALE.members * 2} pictures, \\d+ follows, ${SCALE.posts} posts, \\d+ likes, \\d+ comments, \\d+ replies$`,
      ),
    );
    expect(first.output).toContain(
      'Sign in as demo01@socially.test … demo04@socially.test with the password socially-demo.',
    );

    const admin = new FirestoreAdmin(firestoreUrl, PROJECT_ID);
    const counts = async () => ({
      members: (await admin.list('usersData')).length,
      posts: (await admin.list('posts')).length,
      explore: (await admin.list('explorePosts')).length,
      comments: (await admin.list('comments')).length,
    });
    const before = await counts();
    expect(before.members).toBe(SCALE.members);
    // Each member holds the claim on their name that their nameKey names ("Unique names").
    const claims = await admin.list('userNames');
    const memberDocs = await admin.list('usersData');
    expect(claims.map(({ id, data }) => [id, data.uid]).sort()).toEqual(
      memberDocs.map(({ id, data }) => [data.nameKey, id]).sort(),
    );
    expect(before.posts).toBe(SCALE.posts);
    expect(before.explore).toBeGreaterThan(0);

    // The functions' counts are in before the seed ends (its last phase waits for them).
    expect(first.output).toContain('counts ready');
    const allPosts = await admin.list('posts');
    for (const { id, data } of await admin.list('usersData')) {
      const own = allPosts.filter((post) => post.data.uid === id).length;
      expect(data.counts).toMatchObject({ posts: own });
    }
    for (const { data } of allPosts) {
      expect(data.counts).toMatchObject({ likes: (data.likes as unknown[]).length });
    }

    // Photo posts: display size, square thumbnail and the display size's pixels, as createPost
    // writes them; the explore entry names the same thumbnail.
    const posts = await admin.list('posts');
    const explore = new Map(
      (await admin.list('explorePosts')).map((entry: AdminDoc) => [entry.id, entry.data]),
    );
    const photoPosts = posts.filter((post) => post.data.postImage);
    expect(photoPosts.length).toBe(before.explore);
    for (const { id, data } of photoPosts) {
      expect(data.postImage).toMatch(/%2Fposts%2F[A-Za-z0-9]+\.jpg\?alt=media&token=/);
      expect(data.postThumbnail).toMatch(
        /%2Fposts%2F[A-Za-z0-9]+-thumbnail\.jpg\?alt=media&token=/,
      );
      expect(explore.get(id)?.postThumbnail).toBe(data.postThumbnail);
    }
    for (const { data } of posts.filter((post) => !post.data.postImage)) {
      expect(data.postThumbnail).toBeUndefined();
    }
    const display = bound('post', 'display');
    const thumbnail = bound('post', 'thumbnail');
    for (const { data } of photoPosts.slice(0, 2)) {
      const stored = await storedSize(data.postImage);
      expect(stored).toEqual({ width: data.postImageWidth, height: data.postImageHeight });
      expect(Math.max(stored.width, stored.height)).toBe(display.maxWidth);
      expect(await storedSize(data.postThumbnail)).toEqual({
        width: thumbnail.maxWidth,
        height: thumbnail.maxHeight,
      });
    }
    // Members: the profile picture and its small size, and a cover.
    const small = bound('profilePicture', 'small');
    const picture = bound('profilePicture', 'display');
    const members = await admin.list('usersData');
    for (const { data } of members) {
      const pictures = data.profilePictures as Record<string, string | null>;
      expect(pictures.profilePicture).toMatch(/%2Fpfps%2F[A-Za-z0-9]+\.jpg\?/);
      expect(pictures.profilePictureSmall).toMatch(/%2Fpfps%2F[A-Za-z0-9]+-small\.jpg\?/);
      expect(pictures.profileCover).toMatch(/%2Fpfcovers%2F[A-Za-z0-9]+\.jpg\?/);
    }
    const pictures = members[0]!.data.profilePictures as Record<string, string>;
    expect(await storedSize(pictures.profilePicture)).toEqual({
      width: picture.maxWidth,
      height: picture.maxHeight,
    });
    expect(await storedSize(pictures.profilePictureSmall)).toEqual({
      width: small.maxWidth,
      height: small.maxHeight,
    });
    expect((await storedSize(pictures.profileCover)).width).toBe(
      bound('profileCover', 'display').maxWidth,
    );

    // Activity: exactly the items the stored likes, comments, replies and follows call for, with
    // the ids docs/DATA_MODEL.md gives them, and none about a member's own actions.
    const expected = new Map<string, Record<string, unknown>>();
    const expectItem = (recipient: string, id: string, item: Record<string, unknown>) => {
      if (item.actor !== recipient) expected.set(`activity/${recipient}/items/${id}`, item);
    };
    const owners = new Map(posts.map((post) => [post.id, post.data.uid as string]));
    for (const { id, data } of posts)
      for (const liker of data.likes as string[])
        expectItem(data.uid as string, `like_${id}_${liker}`, {
          type: 'like',
          actor: liker,
          postId: id,
          commentId: null,
        });
    const comments = await admin.list('comments');
    for (const { id, data } of comments) {
      expectItem(owners.get(data.postId as string)!, `comment_${id}`, {
        type: 'comment',
        actor: data.userId,
        postId: data.postId,
        commentId: id,
      });
      for (const [position, reply] of (data.replies as Array<{ userId: string }>).entries())
        expectItem(data.userId as string, `reply_${id}_${position}_${reply.userId}`, {
          type: 'reply',
          actor: reply.userId,
          postId: data.postId,
          commentId: id,
        });
    }
    for (const { id, data } of await admin.list('Followers'))
      for (const follower of data.Followers as string[])
        expectItem(id, `follow_${follower}`, {
          type: 'follow',
          actor: follower,
          postId: null,
          commentId: null,
        });
    expect(new Set([...expected.values()].map((item) => item.type))).toEqual(
      new Set(['like', 'comment', 'reply', 'follow']),
    );
    // The functions write the items after the seed's writes: poll until they are all there.
    await expect
      .poll(async () => (await admin.listGroup('items')).map((item) => item.path).sort(), {
        timeout: 60_000,
      })
      .toEqual([...expected.keys()].sort());
    const activity = await admin.listGroup('items');
    for (const { path: itemPath, data } of activity) {
      const { createdAt, ...rest } = data;
      expect(rest, itemPath).toEqual({ ...expected.get(itemPath), read: false });
      expect(createdAt, itemPath).toBeInstanceOf(Date);
    }

    const second = await seed();
    expect(second.status, second.output).toBe(0);
    expect(created(second.output)).toBe(
      '0 members, 0 pictures, 0 follows, 0 posts, 0 likes, 0 comments, 0 replies',
    );
    expect(community(second.output)).toBe(community(first.output));
    expect(await counts()).toEqual(before);
    expect(await admin.listGroup('items')).toEqual(activity);
  });

  test('the same seed plans the same community; another seed another one', async () => {
    const { planCommunity } = await import('../../tools/scripts/lib/seed/community.mjs');
    const plan = (seed: string) => JSON.stringify(planCommunity({ ...SCALE, seed }));
    expect(plan('a')).toBe(plan('a'));
    expect(plan('a')).not.toBe(plan('b'));
  });

  test('a demo member signs in and sees the seeded posts', async ({ page }) => {
    const { planCommunity, DEMO_PASSWORD } =
      await import('../../tools/scripts/lib/seed/community.mjs');
    const plan = planCommunity(SCALE);
    // The author of a captioned post signs in with the demo password and opens it.
    const post = plan.posts.find((candidate) => candidate.caption !== null)!;
    const member = plan.members[post.author]!;
    await page.goto(`${shellUrl}/login`);
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto(`${shellUrl}/post/${post.id}`);
    await expect(page.getByText(post.caption!).first()).toBeVisible();
  });
});
