import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, signedInPage, test } from '../fixtures';
import { blockingViolations, violationsInBothThemes } from '../support/axe';
import { accountDisabled, grantModerator } from '../support/moderators';
import { createTextPost } from '../support/posts';

// Reports and moderation in real Chromium against the local backend: a member reports another's
// post, comment, reply and profile through the report dialog, the moderation function gathers the reports into
// cases, a moderator (Auth custom claim) sees them live on /moderation and acts; the function
// carries the action out, and the reporter reads the outcome on /my-reports.

/** What waits on a function: its first run starts a worker, seconds on a busy machine. */
const AFTER_FUNCTION = { timeout: 30_000 };
/** The codebase's first event: firebase-tools loads its worker then, tens of seconds when busy. */
const AFTER_FIRST_FUNCTION = { timeout: 60_000 };

async function report(page: Page, subject: string, reason: string, note: string) {
  const dialog = page.getByRole('dialog', { name: `Report ${subject}` });
  await expect(dialog.getByRole('radio').first()).toBeFocused();
  expect(await blockingViolations(page, 'dialog')).toEqual([]);
  await dialog.getByRole('radio', { name: reason }).check();
  await dialog.getByRole('textbox', { name: /Anything to add/ }).fill(note);
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByRole('status')).toContainText('Thanks for telling us');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
}

async function decide(page: Page, caseName: string, reason: string, action: string) {
  const moderationCase = page.getByRole('article', { name: caseName });
  await moderationCase.getByRole('textbox', { name: 'Reason (kept in the log)' }).fill(reason);
  await moderationCase.getByRole('button', { name: action }).click();
}

test('a reported post is removed by a moderator and the reporter learns it; a comment and a reply are reported; a reported member is suspended, hidden from others, and reinstated', async ({
  browser,
  stack,
  members,
  admin,
}) => {
  test.setTimeout(180_000);
  const tag = randomUUID().slice(0, 4);
  const ann = await members.create({ username: `Ann ${tag}` });
  const ben = await members.create({ username: `Ben ${tag}` });
  const mod = await members.create({ username: `Mo ${tag}` });
  await grantModerator(stack, mod.uid);
  const caption = `Cheap followers here ${tag}`;
  const postId = await createTextPost(admin, ben, caption);

  // A member without the claim sees neither the link nor the page.
  const a = await signedInPage(browser, stack.shellUrl, ann);
  await expect(a.page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(a.page.getByRole('link', { name: 'Moderation' })).toHaveCount(0);
  await a.page.goto('/moderation');
  await expect(a.page.getByRole('heading', { name: 'PAGE NOT FOUND' })).toBeVisible();

  // Ann reports Ben's post from its menu.
  await a.page.goto(`/post/${postId}`);
  await a.page.getByRole('button', { name: 'Post options' }).click();
  await a.page.getByRole('menuitem', { name: 'Report post' }).click();
  await report(a.page, 'this post', 'Spam', 'Selling followers');
  await expect(a.page.getByRole('button', { name: 'Post options' })).toBeFocused();

  // The moderator's queue shows the case live, with the content and its author.
  const m = await signedInPage(browser, stack.shellUrl, mod);
  await m.page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Moderation' })
    .click();
  await expect(m.page.getByRole('heading', { level: 1, name: 'Moderation' })).toBeVisible();
  const postCase = m.page.getByRole('article', { name: 'Post case' });
  await expect(postCase).toContainText(caption, AFTER_FIRST_FUNCTION);
  await expect(postCase).toContainText('1 report: Spam');
  await expect(postCase.getByRole('link', { name: ben.username })).toBeVisible();
  expect(await violationsInBothThemes(m.page)).toEqual({ light: [], dark: [] });

  // Removed for everyone: the post and its case leave; Ann reads the outcome.
  await decide(m.page, 'Post case', 'Spam link', 'Remove for everyone');
  await expect(m.page.getByText(/No open cases/)).toBeVisible(AFTER_FUNCTION);
  await expect.poll(() => admin.get(`posts/${postId}`), AFTER_FUNCTION).toBeNull();
  await a.page.getByRole('button', { name: 'Account menu' }).click();
  await a.page.getByRole('menuitem', { name: 'Your reports' }).click();
  const annReports = a.page.getByRole('list', { name: 'Your reports' });
  await expect(annReports).toContainText('Post reported for Spam');
  await expect(annReports).toContainText('Removed by a moderator');
  expect(await violationsInBothThemes(a.page)).toEqual({ light: [], dark: [] });

  // Ann follows Ben and sees his other post, with his comment and an old reply (no id) on it.
  const kept = `Morning run ${tag}`;
  const keptId = randomUUID().replace(/-/g, '').slice(0, 20);
  const commentId = randomUUID().replace(/-/g, '').slice(0, 20);
  await admin.write([
    {
      path: `posts/${keptId}`,
      data: {
        ...{ postImage: null, postCaption: kept, uid: ben.uid, postId: keptId, likes: [] },
        followers: [ben.uid, ann.uid],
      },
      serverTime: ['createdAt'],
    },
    // Where the feed reads it: Ann's timeline, as the feed's function fills it for a follower.
    {
      path: `timelines/${ann.uid}/entries/${keptId}`,
      data: { postId: keptId, author: ben.uid },
      serverTime: ['createdAt'],
    },
    {
      path: `comments/${commentId}`,
      data: {
        comment: `Rude comment ${tag}`,
        replies: [{ reply: `Old rude reply ${tag}`, userId: ben.uid }],
        postId: keptId,
        userId: ben.uid,
      },
      serverTime: ['createdAt'],
    },
  ]);
  await a.page.goto(`/post/${keptId}`);
  await a.page.getByRole('button', { name: /^Comments/ }).click();
  await a.page.getByRole('button', { name: 'Report comment' }).click();
  await report(a.page, 'this comment', 'Harassment or bullying', '');
  await a.page.getByRole('button', { name: 'Report reply' }).click();
  await report(a.page, 'this reply', 'Harassment or bullying', '');
  await expect(m.page.getByRole('article', { name: 'Reply case' })).toContainText(
    `Old rude reply ${tag}`,
    AFTER_FUNCTION,
  );
  await expect(m.page.getByRole('article', { name: 'Comment case' })).toContainText(
    `Rude comment ${tag}`,
  );
  await a.page.goto('/');
  await expect(a.page.getByRole('list', { name: 'Your feed' })).toContainText(kept);

  // Ann reports Ben himself; the moderator suspends him, then lifts it.
  await a.page.goto(`/profile/${ben.uid}`);
  await a.page.getByRole('button', { name: 'Report', exact: true }).click();
  await report(a.page, ben.username, 'Pretending to be someone else', '');
  const memberCase = m.page.getByRole('article', { name: 'Member case' });
  await expect(memberCase).toContainText(ben.username, AFTER_FUNCTION);
  await decide(m.page, 'Member case', 'Impersonating staff', 'Suspend the author');
  await expect.poll(() => accountDisabled(stack, ben.uid), AFTER_FUNCTION).toBe(true);
  // His content is hidden from Ann: the feed (live), and his post's page.
  await a.page.goto('/');
  await expect(a.page.getByText(kept)).toHaveCount(0, AFTER_FUNCTION);
  await a.page.goto(`/post/${keptId}`);
  await expect(a.page.getByRole('heading', { name: 'Post unavailable' })).toBeVisible();
  await a.page.goto('/my-reports');
  await expect(annReports).toContainText('Account suspended by a moderator');
  await m.page.getByRole('button', { name: 'Closed cases' }).click();
  await decide(m.page, 'Member case', 'Appeal accepted', 'Lift the suspension');
  await expect.poll(() => accountDisabled(stack, ben.uid), AFTER_FUNCTION).toBe(false);
  await a.page.goto('/');
  await expect(a.page.getByRole('list', { name: 'Your feed' })).toContainText(kept, AFTER_FUNCTION);
  // The log keeps who did what and why.
  await m.page.getByRole('button', { name: 'Open cases' }).click();
  await m.page.getByRole('article', { name: 'Member case' }).getByText(/^Log/).click();
  await expect(m.page.getByRole('article', { name: 'Member case' })).toContainText(
    'Appeal accepted',
  );
});
