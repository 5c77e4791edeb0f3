/**
 * Members acting at once, in real Chromium against the local backend: counts and follower lists
 * stay right and live through follow, unfollow, post and delete, and the functions' counts follow
 * a like and a comment from another member; comment deletion shows live in
 * every tab, and a thread longer than a page reads its older comments on demand; Firestore's queued writes complete a like and a comment made offline; Retry recovers
 * from a blocked request without a reload.
 */
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { MESSAGES } from '../support/messages';
import { test, expect, signIn, signedInPage } from '../fixtures';
import { createTextPost } from '../support/posts';

const unique = (label: string) => `${label} ${randomUUID().slice(0, 6)}`;
/**
 * How long the functions' counts may take: a function's first event starts its worker (10 s and
 * more on the shared 2-core machine); a warm one takes well under a second.
 */
const COUNTED_WITHIN_MS = 90_000;

const cardWith = (page: Page, text: string) =>
  page.getByRole('article', { name: 'Post' }).filter({ hasText: text });
const counts = (page: Page) => page.getByRole('list', { name: 'Counts' });
/** The profile's counts, e.g. ['1 post', '2 followers', '0 following']. */
const expectCounts = (page: Page, ...texts: string[]) =>
  expect(counts(page).getByRole('listitem')).toHaveText(texts);
const commentWith = (card: Locator, text: string) =>
  card.locator('.feed-comment').filter({ hasText: text });

async function makeTextPost(page: Page, caption: string) {
  await page.goto('/');
  await page.getByLabel("What's on your mind?").fill(caption);
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(page.getByText(MESSAGES.postCreated)).toBeVisible();
}

async function comment(card: Locator, text: string) {
  await card.getByRole('combobox', { name: 'Write a comment' }).fill(text);
  await card.getByRole('button', { name: 'Comment', exact: true }).click();
}

test.describe('counts, follower lists and comment deletion, live between members', () => {
  test('counts stay right through follow, unfollow, post and delete, two members at once', async ({
    browser,
    baseURL,
    members,
    admin,
  }) => {
    test.setTimeout(60_000 + 2 * COUNTED_WITHIN_MS);
    const ann = await members.create({ username: unique('Ann') });
    const ben = await members.create({ username: unique('Ben') });
    const cy = await members.create({ username: unique('Cy') });
    const a = await signedInPage(browser, baseURL!, ann);
    const b = await signedInPage(browser, baseURL!, ben);
    const c = await signedInPage(browser, baseURL!, cy);
    const annProfile = `/profile/${ann.uid}`;

    const first = unique('first');
    await makeTextPost(a.page, first);
    await a.page.goto(annProfile);
    await expectCounts(a.page, '1 post', '0 followers', '0 following');

    // Ben and Cy follow Ann at the same moment: both land, and Ann's count shows it live.
    await b.page.goto(annProfile);
    await c.page.goto(annProfile);
    const followB = b.page.getByRole('button', { name: 'Follow', exact: true });
    const followC = c.page.getByRole('button', { name: 'Follow', exact: true });
    await expect(followB).toBeEnabled();
    await expect(followC).toBeEnabled();
    await Promise.all([followB.click(), followC.click()]);
    // Each follower's own follow shows at once; the lists are the profile function's to fill.
    await expect(b.page.getByRole('button', { name: 'Followed', exact: true })).toBeVisible();
    const counted = { timeout: COUNTED_WITHIN_MS };
    await expect
      .poll(async () => {
        const followers = (await admin.get(`Followers/${ann.uid}`))?.data.Followers as string[];
        return [...followers].sort();
      }, counted)
      .toEqual([ben.uid, cy.uid].sort());
    await expectCounts(a.page, '1 post', '2 followers', '0 following');
    await expectCounts(b.page, '1 post', '2 followers', '0 following');

    // The followers list, live: both, newest first, each linking to the profile.
    await a.page.getByRole('link', { name: '2 followers' }).click();
    await expect(a.page).toHaveURL(`${annProfile}/followers`);
    const list = a.page.getByRole('list', { name: 'Followers' });
    await expect(list.getByRole('link', { name: ben.username })).toHaveAttribute(
      'href',
      `/profile/${ben.uid}`,
    );
    await expect(list.getByRole('link', { name: cy.username })).toBeVisible();

    // Ben unfollows: he leaves Ann's list live, and his own following count drops.
    await b.page.getByRole('button', { name: 'Followed', exact: true }).click();
    await expect(b.page.getByRole('button', { name: 'Follow', exact: true })).toBeVisible();
    await expect(list.getByRole('link', { name: ben.username })).toHaveCount(0, counted);
    await expect(list.getByRole('link', { name: cy.username })).toBeVisible();
    await b.page.goto(`/profile/${ben.uid}`);
    await expect(counts(b.page).getByRole('listitem')).toHaveText(
      ['0 posts', '0 followers', '0 following'],
      counted,
    );
    await c.page.goto(`/profile/${cy.uid}/following`);
    await expect(
      c.page.getByRole('list', { name: 'Following' }).getByRole('link', { name: ann.username }),
    ).toBeVisible();

    // Posting and deleting move Ann's posts count on Ben's screen, live.
    await b.page.goto(annProfile);
    await expectCounts(b.page, '1 post', '1 follower', '0 following');
    const second = unique('second');
    await makeTextPost(a.page, second);
    await expectCounts(b.page, '2 posts', '1 follower', '0 following');
    const card = cardWith(a.page, second);
    await card.getByRole('button', { name: 'Delete', exact: true }).click();
    await card.getByRole('button', { name: 'Delete post' }).click();
    await expectCounts(b.page, '1 post', '1 follower', '0 following');

    // Cy likes and comments on Ann's post: the feed's functions count both on the post, and Ann's
    // closed card shows the comment count they keep; Cy's open card shows his own at once.
    await c.page.goto(annProfile);
    const cyCard = cardWith(c.page, first);
    await cyCard.getByRole('button', { name: 'Like', exact: true }).click();
    await cyCard.getByRole('button', { name: 'Comments' }).click();
    await comment(cyCard, 'Cy was here');
    await expect(cyCard.getByRole('button', { name: 'Comments (1)' })).toBeVisible();
    await a.page.goto(annProfile);
    const annCard = cardWith(a.page, first);
    // Cy's like reaches Ann's card through the feed's function, which lists it on the post.
    await expect(annCard.getByRole('button', { name: '1 like' })).toBeVisible(counted);
    await expect(annCard.getByRole('button', { name: 'Comments (1)' })).toBeVisible(counted);
    const [postId] = (await admin.get(`usersData/${ann.uid}`))!.data.posts as string[];
    await expect
      .poll(async () => (await admin.get(`posts/${postId}`))?.data.counts, counted)
      .toEqual({ likes: 1, comments: 1 });
    // The server's counts of each member, as the functions keep them.
    await expect
      .poll(async () => (await admin.get(`usersData/${ann.uid}`))?.data.counts, counted)
      .toEqual({ posts: 1, postsListed: 1, followers: 1, following: 0 });
    await expect
      .poll(async () => (await admin.get(`usersData/${cy.uid}`))?.data.counts, counted)
      .toEqual({ posts: 0, postsListed: 0, followers: 0, following: 1 });
    await expectCounts(a.page, '1 post', '1 follower', '0 following');
    // The counts kept from the edges' events too (what counts beyond the lists' bounds): Cy's
    // follow counted once in Ann's shards, Ben's undone follow taken out; Cy's like once in the
    // post's.
    const inShards = async (shard: (n: number) => string) => {
      const shards = await Promise.all(Array.from({ length: 10 }, (_, n) => admin.get(shard(n))));
      return shards.reduce((sum, found) => sum + ((found?.data.value as number) ?? 0), 0);
    };
    const followShards = (uid: string, count: 'followers' | 'following') =>
      inShards((n) => `followCountShards/${uid}_${count}_${n}`);
    await expect.poll(() => followShards(ann.uid, 'followers'), counted).toBe(1);
    expect(await followShards(cy.uid, 'following')).toBe(1);
    expect(await followShards(ben.uid, 'following')).toBe(0);
    expect(await admin.get(`countedFollows/${ben.uid}_${ann.uid}`)).toBeNull();
    await expect.poll(() => inShards((n) => `likeCountShards/${postId}_${n}`), counted).toBe(1);
    expect(await admin.get(`countedLikes/${postId}_${cy.uid}`)).not.toBeNull();

    await Promise.all([a.context.close(), b.context.close(), c.context.close()]);
  });

  test('a deleted comment or reply disappears in every open tab', async ({
    browser,
    baseURL,
    members,
    admin,
  }) => {
    const ann = await members.create({ username: unique('Ann') });
    const ben = await members.create({ username: unique('Ben') });
    const caption = unique('talk about it');
    const postId = await createTextPost(admin, ann, caption);
    const a = await signedInPage(browser, baseURL!, ann);
    const b = await signedInPage(browser, baseURL!, ben);
    for (const page of [a.page, b.page]) {
      await page.goto(`/post/${postId}`);
      await cardWith(page, caption).getByRole('button', { name: 'Comments' }).click();
    }
    const annCard = cardWith(a.page, caption);
    const benCard = cardWith(b.page, caption);

    await comment(benCard, 'Ben was here');
    await comment(benCard, 'Ben again');
    await expect(commentWith(annCard, 'Ben was here')).toBeVisible();
    await commentWith(annCard, 'Ben again').getByRole('button', { name: 'Reply' }).click();
    await annCard.getByRole('combobox', { name: 'Write a reply' }).fill('Ann answers');
    await annCard.getByRole('button', { name: 'Send reply' }).click();
    const reply = benCard.locator('.feed-reply').filter({ hasText: 'Ann answers' });
    await expect(reply).toBeVisible();
    // A new reply carries its time.
    await expect(reply.locator('time')).toHaveText('now');

    // Ben deletes his own comment after confirming; Ann sees it go.
    const own = commentWith(benCard, 'Ben was here');
    await own.getByRole('button', { name: 'Delete comment' }).click();
    await own.getByRole('button', { name: 'Delete comment' }).click();
    await expect(commentWith(annCard, 'Ben was here')).toHaveCount(0);
    await expect(commentWith(benCard, 'Ben was here')).toHaveCount(0);

    // Ben may remove Ann's reply under his comment; Ann, the post's author, his other comment.
    await reply.getByRole('button', { name: 'Delete reply' }).click();
    await reply.getByRole('button', { name: 'Delete reply' }).click();
    await expect(annCard.locator('.feed-reply')).toHaveCount(0);
    const other = commentWith(annCard, 'Ben again');
    await other.getByRole('button', { name: 'Delete comment' }).click();
    await other.getByRole('button', { name: 'Delete comment' }).click();
    await expect(benCard.getByText('No comments yet.')).toBeVisible();
    expect(await admin.list('comments', { field: 'postId', equals: postId })).toHaveLength(0);

    // One comment more than a page (20): opened again, the newest page shows, and Show older
    // comments reads the last one.
    await admin.write(
      Array.from({ length: 21 }, (_, i) => ({
        path: `comments/${postId}c${String(i + 1).padStart(2, '0')}`,
        data: {
          comment: `Comment ${i + 1}`,
          replies: [],
          postId,
          userId: ben.uid,
          createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
        },
      })),
    );
    const toggle = annCard.getByRole('button', { name: /^Comments/ });
    await toggle.click();
    await toggle.click();
    const texts = annCard.locator('.feed-comment__text');
    await expect(texts).toHaveCount(20);
    await expect(texts.first()).toHaveText('Comment 21');
    await annCard.getByRole('button', { name: 'Show older comments' }).click();
    await expect(texts).toHaveCount(21);
    await expect(texts.last()).toHaveText('Comment 1');
    await expect(annCard.getByRole('button', { name: 'Show older comments' })).toHaveCount(0);

    await Promise.all([a.context.close(), b.context.close()]);
  });
});

test('a like and a comment made offline wait, then complete when the connection returns', async ({
  page,
  context,
  members,
  admin,
}) => {
  const ann = await members.create({ username: unique('Ann') });
  const caption = unique('offline post');
  const postId = await createTextPost(admin, ann, caption);
  await signIn(page, ann);
  const card = cardWith(page, caption);
  await card.getByRole('button', { name: 'Comments' }).click();
  await expect(card.getByText('No comments yet.')).toBeVisible();

  await context.setOffline(true);
  await card.getByRole('button', { name: 'Like', exact: true }).click();
  // Applied locally at once, and said to be waiting.
  await expect(card.getByRole('button', { name: '1 like' })).toBeVisible();
  await expect(card.getByText('Like waiting to be sent…')).toBeVisible();
  await comment(card, 'Written on the train');
  await expect(commentWith(card, 'Written on the train')).toContainText('Waiting to be sent…');
  await expect(card.getByText('Comment waiting to be sent…')).toBeVisible();
  expect((await admin.get(`posts/${postId}`))!.data.likes).toEqual([]);
  expect(await admin.list('comments', { field: 'postId', equals: postId })).toHaveLength(0);

  await context.setOffline(false);
  await expect(card.getByText('Like waiting to be sent…')).toHaveCount(0, { timeout: 30_000 });
  await expect(card.getByText(/waiting to be sent/i)).toHaveCount(0, { timeout: 30_000 });
  if (process.env.FIRESTORE_BACKEND === 'google') {
    // Google's emulator can break Listen's ordering when the listens come back before the writes:
    // it sent the new like edge (committed at 13.800 s) after a global snapshot at 13.804 s
    // that should have held it, so the SDK keeps the edge missing and ignores the late change
    // as older (seen with the SDK's debug log, about 1 run in 5 when the post's card arrives at
    // the reconnection). Production's Listen never sends a change after a later snapshot, and
    // this emulator does not either: here the page is read afresh, as a member's next visit.
    await page.reload();
    await card.getByRole('button', { name: 'Comments' }).click();
  }
  await expect(card.getByRole('button', { name: 'Liked', exact: true })).toBeVisible();
  await expect(commentWith(card, 'Written on the train')).toBeVisible();
  // The like is its own edge; the feed's function lists it on the post a moment later.
  expect((await admin.get(`likes/${postId}_${ann.uid}`))!.data).toMatchObject({
    postId,
    uid: ann.uid,
  });
  await expect
    .poll(async () => (await admin.get(`posts/${postId}`))!.data.likes, { timeout: 30_000 })
    .toEqual([ann.uid]);
  const saved = await admin.list('comments', { field: 'postId', equals: postId });
  expect(saved.map((doc) => doc.data.comment)).toEqual(['Written on the train']);
});

test('Retry recovers from a blocked request without a reload', async ({ page, members }) => {
  // Lower-case "zz" sorts first in the members list (user names descending), whatever else exists.
  const ann = await members.create({ username: unique('zz Ann') });
  await signIn(page, ann);
  // Firestore's Listen channel, which serves the list's reads, is blocked.
  const listen = '**/google.firestore.v1.Firestore/Listen/**';
  await page.route(listen, (route) => route.abort());
  await page.getByRole('link', { name: 'Members' }).click();
  await expect(page.getByText('Members could not be loaded.')).toBeVisible({ timeout: 30_000 });
  // A mark on this document: a reload would lose it.
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));

  await page.unroute(listen);
  // The SDK reconnects on its own schedule; Retry until it has (each click one read).
  await expect(async () => {
    const retry = page.getByRole('button', { name: 'Retry' });
    if (await retry.isVisible()) await retry.click();
    await expect(page.getByRole('link', { name: ann.username })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 45_000 });
  expect(await page.evaluate(() => '__sameDocument' in window)).toBe(true);
});
