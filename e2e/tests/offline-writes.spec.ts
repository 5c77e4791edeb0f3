/**
 * Writes made offline, in real Chromium: a new post and a profile change made while the browser is
 * offline say they are waiting, keep what the member wrote, and complete when the connection
 * returns, where another member's open page shows them live; the member's own profile shows their
 * change at once, offline too.
 */
import { randomUUID } from 'node:crypto';
import type { Browser } from '@playwright/test';
import { MESSAGES } from '../support/messages';
import { test, expect, signIn } from '../fixtures';
import type { Member } from '../fixtures';

const unique = (label: string) => `${label} ${randomUUID().slice(0, 6)}`;

async function signedInPage(browser: Browser, baseURL: string, member: Member) {
  const context = await browser.newContext({ baseURL, viewport: { width: 900, height: 800 } });
  const page = await context.newPage();
  await signIn(page, member);
  return { context, page };
}

test('a text post made offline waits, keeps its text, and reaches a follower once back online', async ({
  browser,
  baseURL,
  members,
  admin,
}) => {
  // The push into Ann's timeline may be its function's first event, which loads its worker.
  test.setTimeout(120_000);
  const ben = await members.create({ username: unique('Ben') });
  const ann = await members.create({ username: unique('Ann') });
  // Ann follows Ben, as a completed follow leaves the edge and the two lists.
  await admin.write([
    {
      path: `follows/${ann.uid}_${ben.uid}`,
      data: { follower: ann.uid, target: ben.uid },
      serverTime: ['createdAt'],
    },
    { path: `Followers/${ben.uid}`, data: { Followers: [ann.uid] } },
    { path: `Following/${ann.uid}`, data: { Following: [ben.uid] } },
  ]);
  const b = await signedInPage(browser, baseURL!, ben);
  const a = await signedInPage(browser, baseURL!, ann);
  const caption = unique('Written on the train');
  const captionField = b.page.getByLabel("What's on your mind?");
  await expect(captionField).toBeEnabled();

  await b.context.setOffline(true);
  await captionField.fill(caption);
  await b.page.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(b.page.getByText(MESSAGES.postWaitingForConnection)).toBeVisible();
  await expect(captionField).toHaveValue(caption);
  await expect(captionField).toBeDisabled();
  expect(await admin.list('posts', { field: 'uid', equals: ben.uid })).toHaveLength(0);

  await b.context.setOffline(false);
  await expect(b.page.getByText(MESSAGES.postWaitingForConnection)).toHaveCount(0, {
    timeout: 30_000,
  });
  await expect(captionField).toHaveValue('');
  await expect(captionField).toBeEnabled();
  const posts = await admin.list('posts', { field: 'uid', equals: ben.uid });
  expect(posts.map((post) => post.data.postCaption)).toEqual([caption]);
  expect([...(posts[0]!.data.followers as string[])].sort()).toEqual([ann.uid, ben.uid].sort());
  expect((await admin.get(`usersData/${ben.uid}`))!.data.posts).toEqual([posts[0]!.data.postId]);
  // Ann's open feed shows it live, once the feed's function has pushed it into her timeline (its
  // first event loads the function's worker, tens of seconds when busy).
  await expect(
    a.page.getByRole('article', { name: 'Post' }).filter({ hasText: caption }),
  ).toBeVisible({ timeout: 60_000 });

  await Promise.all([a.context.close(), b.context.close()]);
});

test('a profile change made offline waits and is saved once back online', async ({
  browser,
  baseURL,
  members,
  admin,
}) => {
  const ben = await members.create({ username: unique('Ben') });
  const ann = await members.create({ username: unique('Ann') });
  const b = await signedInPage(browser, baseURL!, ben);
  const a = await signedInPage(browser, baseURL!, ann);
  await a.page.goto(`/profile/${ben.uid}`);
  await expect(a.page.getByRole('heading', { level: 1, name: ben.username })).toBeVisible();

  await b.page.goto('/edit-profile');
  await b.page.getByRole('radio', { name: 'Change about' }).check();
  const about = b.page.getByRole('textbox', { name: /About/ });
  await expect(about).toBeVisible();
  await b.context.setOffline(true);
  const text = unique('I draw maps');
  await about.fill(text);
  await b.page.getByRole('button', { name: 'Save' }).click();
  await expect(b.page.getByText(MESSAGES.profileChangeWaiting)).toBeVisible();
  await expect(about).toHaveValue(text);
  const stored = async () =>
    ((await admin.get(`usersData/${ben.uid}`))!.data.userInfo as Record<string, unknown>)[
      'userAbout'
    ];
  expect(await stored()).toBeNull();

  await b.context.setOffline(false);
  await expect(b.page.getByText(MESSAGES.profileChangeWaiting)).toHaveCount(0, {
    timeout: 30_000,
  });
  await expect(b.page.getByRole('status')).toHaveText(MESSAGES.aboutChanged);
  expect(await stored()).toBe(text);
  // Ann's open page of Ben's profile shows it live.
  await expect(a.page.getByText(text)).toBeVisible();

  await Promise.all([a.context.close(), b.context.close()]);
});

test('a profile change made offline shows on the member’s own profile at once; its posts come back with the connection', async ({
  page,
  context,
  members,
  admin,
}) => {
  const ben = await members.create({ username: unique('Ben') });
  await signIn(page, ben);
  // Within the page (no reload), so the profile's code is loaded before the connection goes.
  const ownProfile = async () => {
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
  };
  const heading = page.getByRole('heading', { level: 1, name: ben.username });
  await ownProfile();
  await expect(heading).toBeVisible();
  await page.getByRole('link', { name: 'Edit profile' }).click();
  await page.getByRole('radio', { name: 'Change about' }).check();
  const about = page.getByRole('textbox', { name: /About/ });
  await expect(about).toBeVisible();

  await context.setOffline(true);
  const text = unique('I draw maps');
  await about.fill(text);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(MESSAGES.profileChangeWaiting)).toBeVisible();
  await ownProfile();
  await expect(heading).toBeVisible();
  await expect(page.getByText(text)).toBeVisible();
  // The posts' first read cannot be answered offline.
  const postsFailed = page.getByText('Posts could not be loaded.');
  await expect(postsFailed).toBeVisible();
  const stored = async () =>
    ((await admin.get(`usersData/${ben.uid}`))!.data.userInfo as Record<string, unknown>)[
      'userAbout'
    ];
  expect(await stored()).toBeNull();

  await context.setOffline(false);
  await expect.poll(stored, { timeout: 30_000 }).toBe(text);
  await expect(page.getByText(text)).toBeVisible();
  // The list reads again by itself once the browser is back online: no Retry needed.
  await expect(postsFailed).toHaveCount(0);
  await expect(page.getByText(MESSAGES.noPosts)).toBeVisible();
});
