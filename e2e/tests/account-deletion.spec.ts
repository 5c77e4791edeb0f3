import { randomUUID } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { MESSAGES } from '../support/messages';
import { expect, signIn, test } from '../fixtures';
import type { Member } from '../fixtures';
import type { Stack } from '../stack';
import { createTextPost } from '../support/posts';

/** A real 1×1 PNG, uploaded through the composer. */
const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const unique = (label: string) => `${label} ${randomUUID().slice(0, 6)}`;

async function signedInPage(browser: Browser, stack: Stack, member: Member): Promise<Page> {
  const context = await browser.newContext({ baseURL: stack.shellUrl });
  const page = await context.newPage();
  await signIn(page, member);
  return page;
}

const postCard = (page: Page) => page.getByRole('article', { name: 'Post' }).first();

async function follow(page: Page, member: Member) {
  await page.goto(`/profile/${member.uid}`);
  await page.getByRole('button', { name: 'Follow', exact: true }).click();
  // Enabled again once the server has the follow (leaving earlier could drop the write).
  await expect(page.getByRole('button', { name: 'Followed' })).toBeEnabled();
}

async function openComments(page: Page, postId: string) {
  await page.goto(`/post/${postId}`);
  await postCard(page).getByRole('button', { name: 'Comments' }).click();
}

async function comment(page: Page, text: string) {
  const field = postCard(page).getByRole('textbox', { name: 'Write a comment' });
  await field.fill(text);
  await field.press('Enter');
  await expect(postCard(page).getByText(text)).toBeVisible();
}

/** Objects under `prefix` in the Storage emulator, listed with the emulators' owner token. */
async function storedObjects(stack: Stack, prefix: string): Promise<string[]> {
  const response = await fetch(
    `${stack.storageUrl}/v0/b/${stack.storageBucket}/o?prefix=${encodeURIComponent(prefix)}`,
    { headers: { Authorization: 'Firebase owner' } },
  );
  expect(response.status).toBe(200);
  const body = (await response.json()) as { items?: Array<{ name: string }> };
  return (body.items ?? []).map((item) => item.name);
}

/** Whether the Auth emulator still signs the member in. */
async function canSignIn(stack: Stack, member: Member): Promise<boolean> {
  const response = await fetch(
    `${stack.authUrl}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${stack.apiKey}`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: member.email, password: member.password }),
    },
  );
  return response.ok;
}

test.describe('deleting an account', () => {
  test('removes everything of the member, resumes after an interruption, and leaves others intact', async ({
    browser,
    stack,
    members,
    admin,
  }) => {
    test.setTimeout(180_000);
    const vic = await members.create({ username: unique('Vic') });
    const ola = await members.create({ username: unique('Ola') });
    const olaPost = await createTextPost(admin, ola, unique('Ola writes'));
    const olaComment = `ola-comment-${randomUUID()}`;
    await admin.write([
      {
        path: `comments/${olaComment}`,
        data: { comment: 'First!', replies: [], postId: olaPost, userId: ola.uid },
        serverTime: ['createdAt'],
      },
    ]);

    // Vic follows Ola, posts a photo, and likes, comments and replies on Ola's post.
    const v = await signedInPage(browser, stack, vic);
    await follow(v, ola);
    const caption = unique('Vic photo');
    await v.goto('/');
    await v.getByLabel("What's on your mind?").fill(caption);
    await v.getByLabel('Photo', { exact: true }).setInputFiles({
      name: 'dot.png',
      mimeType: 'image/png',
      buffer: ONE_PIXEL_PNG,
    });
    await v.getByRole('button', { name: 'Post', exact: true }).click();
    await expect(v.getByText(MESSAGES.postCreated)).toBeVisible();
    const vicPosts = await admin.list('posts', { field: 'uid', equals: vic.uid });
    expect(vicPosts).toHaveLength(1);
    const vicPost = vicPosts[0]!.id;
    expect(await storedObjects(stack, `${vic.uid}/`)).not.toEqual([]);

    await openComments(v, olaPost);
    await postCard(v).getByRole('button', { name: 'Like', exact: true }).click();
    await expect(postCard(v).getByRole('button', { name: 'Liked', exact: true })).toBeVisible();
    await expect(postCard(v).getByRole('button', { name: '1 like' })).toBeVisible();
    await comment(v, 'Vic was here');
    const first = postCard(v).locator('.feed-comment').filter({ hasText: 'First!' });
    await first.getByRole('button', { name: 'Reply' }).click();
    await first.getByRole('textbox', { name: 'Write a reply' }).fill('Vic replies');
    await first.getByRole('button', { name: 'Send reply' }).click();
    await expect(first.getByText('Vic replies')).toBeVisible();

    // Ola follows Vic, likes and comments on Vic's photo; Vic replies on his own post too.
    const o = await signedInPage(browser, stack, ola);
    await follow(o, vic);
    await openComments(o, vicPost);
    await postCard(o).getByRole('button', { name: 'Like', exact: true }).click();
    await expect(postCard(o).getByRole('button', { name: 'Liked', exact: true })).toBeVisible();
    await expect(postCard(o).getByRole('button', { name: '1 like' })).toBeVisible();
    await comment(o, 'Nice dot');
    // The scene is on the server (likes, comments and replies show before they land).
    const field = async (path: string, name: string) => (await admin.get(path))!.data[name];
    expect(await field(`Followers/${vic.uid}`, 'Followers')).toEqual([ola.uid]);
    expect(await field(`Followers/${ola.uid}`, 'Followers')).toEqual([vic.uid]);
    expect(await field(`posts/${olaPost}`, 'followers')).toContain(vic.uid);
    await expect.poll(() => field(`posts/${olaPost}`, 'likes')).toEqual([vic.uid]);
    await expect.poll(() => field(`posts/${vicPost}`, 'likes')).toEqual([ola.uid]);
    await expect
      .poll(async () => (await admin.list('comments', { field: 'userId', equals: vic.uid })).length)
      .toBe(1);
    await expect
      .poll(async () => (await admin.list('comments', { field: 'postId', equals: vicPost })).length)
      .toBe(1);
    await expect
      .poll(() => field(`comments/${olaComment}`, 'replies'))
      .toEqual([expect.objectContaining({ reply: 'Vic replies', userId: vic.uid })]);

    // A wrong password deletes nothing.
    await v.goto('/edit-profile');
    await v.getByRole('button', { name: 'Delete my account…' }).click();
    const password = v.getByLabel('Password');
    await password.fill('not-my-password');
    await v.getByRole('button', { name: 'Delete my account permanently' }).click();
    await expect(
      v.getByRole('alert').filter({ hasText: MESSAGES.incorrectPassword }),
    ).toBeVisible();
    expect(await admin.get(`accountDeletions/${vic.uid}`)).toBeNull();

    // Storage refuses (as when the connection drops): the deletion stops part-way and says so.
    await v.route(`${stack.storageUrl}/**`, (route) =>
      route.fulfill({
        status: 403,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 403, message: 'Permission denied.' } }),
      }),
    );
    await password.fill(vic.password);
    await v.getByRole('button', { name: 'Delete my account permanently' }).click();
    await expect(v.getByRole('alert').filter({ hasText: MESSAGES.deletionStopped })).toBeVisible({
      timeout: 60_000,
    });
    expect(await admin.get(`accountDeletions/${vic.uid}`)).not.toBeNull();
    expect(await admin.list('posts', { field: 'uid', equals: vic.uid })).toEqual([]);
    await v.unroute(`${stack.storageUrl}/**`);

    // Half-way, Vic's profile still shows (without posts), and the edit screen offers to finish.
    await v.goto(`/profile/${vic.uid}`);
    await expect(v.getByRole('heading', { name: vic.username })).toBeVisible();
    await expect(v.getByText(MESSAGES.noPosts)).toBeVisible();
    await v.goto('/edit-profile');
    await expect(
      v.getByRole('alert').filter({ hasText: MESSAGES.deletionInterrupted }),
    ).toBeVisible();
    await v.getByLabel('Password').fill(vic.password);
    await v.getByRole('button', { name: 'Finish deleting my account' }).click();
    await v.waitForURL((url) => url.pathname === '/login', { timeout: 60_000 });

    // Nothing of Vic remains: Firestore, Storage, Auth.
    for (const path of [
      `usersData/${vic.uid}`,
      `Following/${vic.uid}`,
      `Followers/${vic.uid}`,
      `accountDeletions/${vic.uid}`,
      `posts/${vicPost}`,
      `explorePosts/${vicPost}`,
    ]) {
      expect(await admin.get(path), path).toBeNull();
    }
    expect(await admin.list('posts', { field: 'uid', equals: vic.uid })).toEqual([]);
    expect(await admin.list('explorePosts', { field: 'uid', equals: vic.uid })).toEqual([]);
    expect(await admin.list('comments', { field: 'userId', equals: vic.uid })).toEqual([]);
    expect(await admin.list('comments', { field: 'postId', equals: vicPost })).toEqual([]);
    const olaThread = (await admin.get(`comments/${olaComment}`))!.data;
    expect(olaThread.replies).toEqual([]);
    const olaPostNow = (await admin.get(`posts/${olaPost}`))!.data;
    expect(olaPostNow.likes).toEqual([]);
    expect(olaPostNow.followers).toEqual([ola.uid]);
    expect((await admin.get(`Followers/${ola.uid}`))!.data.Followers).toEqual([]);
    expect((await admin.get(`Following/${ola.uid}`))!.data.Following).toEqual([]);
    expect(await admin.listGroup('items', { field: 'actor', equals: vic.uid })).toEqual([]);
    expect(
      (await admin.listGroup('items')).filter((item) =>
        item.path.startsWith(`activity/${vic.uid}/`),
      ),
    ).toEqual([]);
    expect(await storedObjects(stack, `${vic.uid}/`)).toEqual([]);
    expect(await canSignIn(stack, vic)).toBe(false);

    // Ola's own things stay.
    expect(await admin.get(`usersData/${ola.uid}`)).not.toBeNull();
    expect(await admin.get(`posts/${olaPost}`)).not.toBeNull();
    expect(olaThread.comment).toBe('First!');
    expect(await canSignIn(stack, ola)).toBe(true);
  });
});
