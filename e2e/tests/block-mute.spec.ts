import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, signedInPage, test } from '../fixtures';
import { createTextPost } from '../support/posts';

// In the app, as a member goes: a reload could drop a block or mute the page has shown but not yet
// sent.
const home = (page: Page) => page.getByRole('link', { name: 'Socially' }).click();

// Block and mute in real Chromium against the local backend: a member blocks one member from their
// profile and mutes another from a post's menu; the blocked member finds the blocker's profile and
// post unavailable; the muted member's post comes back with Unmute in settings.

test('a block hides each member from the other; a mute hides a member from the feed until undone', async ({
  browser,
  stack,
  members,
  admin,
}) => {
  test.setTimeout(90_000);
  const tag = randomUUID().slice(0, 4);
  const ann = await members.create({ username: `Ann ${tag}` });
  const ben = await members.create({ username: `Ben ${tag}` });
  const cy = await members.create({ username: `Cy ${tag}` });
  await createTextPost(admin, ben, `Ben writes ${tag}`, [ann]);
  await createTextPost(admin, cy, `Cy writes ${tag}`, [ann]);
  const annPost = await createTextPost(admin, ann, `Ann writes ${tag}`);

  const a = await signedInPage(browser, stack.shellUrl, ann);
  const feed = a.page.getByRole('list', { name: 'Your feed' });
  await expect(feed.getByText(`Ben writes ${tag}`)).toBeVisible();
  await expect(feed.getByText(`Cy writes ${tag}`)).toBeVisible();

  // Ann blocks Ben from his profile, after the question.
  await a.page.goto(`/profile/${ben.uid}`);
  await a.page.getByRole('button', { name: 'Block', exact: true }).click();
  await a.page.getByRole('button', { name: `Block ${ben.username}` }).click();
  await expect(a.page.getByRole('button', { name: 'Unblock' })).toBeVisible();
  await expect(a.page.getByRole('button', { name: 'Follow', exact: true })).toHaveCount(0);

  // Ann mutes Cy from his post's menu in her feed.
  await home(a.page);
  await expect(feed.getByText(`Cy writes ${tag}`)).toBeVisible();
  await expect(feed.getByText(`Ben writes ${tag}`)).toHaveCount(0);
  const cyPost = feed
    .getByRole('article', { name: 'Post' })
    .filter({ hasText: `Cy writes ${tag}` });
  await cyPost.getByRole('button', { name: 'Post options' }).click();
  await a.page.getByRole('menuitem', { name: 'Mute author' }).click();
  await expect(feed.getByText(`Cy writes ${tag}`)).toHaveCount(0);

  // Ben finds Ann's profile and post unavailable: nothing to follow or comment on.
  const b = await signedInPage(browser, stack.shellUrl, ben);
  await b.page.goto(`/profile/${ann.uid}`);
  await expect(b.page.getByText('This profile is unavailable.')).toBeVisible();
  await expect(b.page.getByRole('button', { name: 'Follow', exact: true })).toHaveCount(0);
  await b.page.goto(`/post/${annPost}`);
  await expect(b.page.getByText('This post is unavailable.')).toBeVisible();
  await expect(b.page.getByRole('button', { name: /Comments/ })).toHaveCount(0);

  // Settings list both; Unmute brings Cy's post back to Ann's feed.
  await a.page.goto('/edit-profile');
  await expect(
    a.page.getByRole('region', { name: 'Blocked members' }).getByText(ben.username),
  ).toBeVisible();
  await a.page
    .getByRole('region', { name: 'Muted members' })
    .getByRole('button', { name: `Unmute ${cy.username}` })
    .click();
  await expect(a.page.getByText('You have not muted anyone.')).toBeVisible();
  await home(a.page);
  await expect(feed.getByText(`Cy writes ${tag}`)).toBeVisible();
  await expect(feed.getByText(`Ben writes ${tag}`)).toHaveCount(0);

  await Promise.all([a.context.close(), b.context.close()]);
});
