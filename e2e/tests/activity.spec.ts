import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, signIn, signedInPage, test } from '../fixtures';
import { storedDraft } from '../support/draft';
import { createTextPost } from '../support/posts';
import { scrollToEnd } from '../support/scroll';

// Member search and activity in real Chromium against the local backend: search on /members, and
// activity (the bell's live unread count, the /activity list, marking read) as another member
// likes, comments, replies and follows in their own browser. The items are written by the activity
// team's functions in the Functions emulator, after the action: the actor's own page shows the
// action at once, the recipient's bell follows when the function has run.

/** What waits on a function: its first run starts a worker, seconds on a busy machine. */
const AFTER_FUNCTION = { timeout: 30_000 };

const bell = (page: Page) =>
  page.getByRole('banner').getByRole('link', { name: /^Activity(, .* unread)?$/ });
const activityEntries = (page: Page) =>
  page.getByRole('list', { name: 'Activity' }).getByRole('link');

test.describe('activity', () => {
  test('a like, comment, reply and follow reach the bell and /activity live; seen items are marked read; unlike and unfollow remove theirs; a like again within the day is not a new notice', async ({
    browser,
    stack,
    members,
    admin,
  }) => {
    test.setTimeout(120_000);
    const ann = await members.create({ username: `Ann ${randomUUID().slice(0, 4)}` });
    const ben = await members.create({ username: `Ben ${randomUUID().slice(0, 4)}` });
    const postId = await createTextPost(admin, ann, 'Sunset at the pier');
    const annCommentId = `e2e-${randomUUID()}`;
    await admin.write([
      {
        path: `comments/${annCommentId}`,
        data: { comment: 'Taken last night', replies: [], postId, userId: ann.uid },
        serverTime: ['createdAt'],
      },
    ]);

    const a = await signedInPage(browser, stack.shellUrl, ann);
    const b = await signedInPage(browser, stack.shellUrl, ben);
    await expect(bell(a.page)).toHaveAccessibleName('Activity');

    // Ben likes Ann's post: his page shows it at once; her bell counts it, live, once the
    // function has written her item.
    await b.page.goto(`/post/${postId}`);
    const card = b.page.getByRole('article', { name: 'Post' });
    await card.getByRole('button', { name: 'Like', exact: true }).click();
    await expect(card.getByRole('button', { name: 'Liked', exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: '1 like' })).toBeVisible();
    await expect(bell(a.page)).toHaveAccessibleName('Activity, 1 unread', AFTER_FUNCTION);

    // Ben comments, then replies to Ann's comment.
    await card.getByRole('button', { name: 'Comments' }).click();
    await card.getByRole('combobox', { name: 'Write a comment' }).fill('Beautiful light');
    await card.getByRole('combobox', { name: 'Write a comment' }).press('Enter');
    await expect(bell(a.page)).toHaveAccessibleName('Activity, 2 unread', AFTER_FUNCTION);
    const annComment = card.locator('.feed-comment').filter({ hasText: 'Taken last night' });
    await annComment.getByRole('button', { name: 'Reply' }).click();
    await annComment.getByRole('combobox', { name: 'Write a reply' }).fill('Which camera?');
    await annComment.getByRole('button', { name: 'Send reply' }).click();
    await expect(bell(a.page)).toHaveAccessibleName('Activity, 3 unread', AFTER_FUNCTION);

    // Ben follows Ann.
    await b.page.goto(`/profile/${ann.uid}`);
    await b.page.getByRole('button', { name: 'Follow', exact: true }).click();
    await expect(b.page.getByRole('button', { name: 'Followed', exact: true })).toBeVisible();
    await expect(bell(a.page)).toHaveAccessibleName('Activity, 4 unread', AFTER_FUNCTION);
    await expect(bell(a.page)).toHaveText('4');

    // The items, as the functions wrote them (admin reads).
    const benCommentId = (await admin.list('comments', { field: 'postId', equals: postId }))
      .map((comment) => comment.id)
      .find((id) => id !== annCommentId)!;
    const itemIds = [
      `follow_${ben.uid}`,
      `reply_${annCommentId}_0_${ben.uid}`,
      `comment_${benCommentId}`,
      `like_${postId}_${ben.uid}`,
    ];
    for (const id of itemIds) {
      expect(await admin.get(`activity/${ann.uid}/items/${id}`), id).toMatchObject({
        data: { actor: ben.uid, read: false },
      });
    }
    // Nothing is written for Ben about his own actions.
    expect(await admin.get(`activity/${ben.uid}/items/follow_${ben.uid}`)).toBeNull();

    // Ann opens /activity from the bell: newest first, each leading to the post or profile.
    await bell(a.page).click();
    await a.page.waitForURL((url) => url.pathname === '/activity');
    await expect(a.page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();
    const entries = activityEntries(a.page);
    await expect(entries).toHaveText([
      new RegExp(`${ben.username} started following you`),
      new RegExp(`${ben.username} replied to your comment`),
      new RegExp(`${ben.username} commented on your post`),
      new RegExp(`${ben.username} liked your post`),
    ]);
    await expect(entries.nth(0)).toHaveAttribute('href', `/profile/${ben.uid}`);
    for (const index of [1, 2, 3]) {
      await expect(entries.nth(index)).toHaveAttribute('href', `/post/${postId}`);
    }

    // Seen, so marked read: the bell has no count, the items are read on the server.
    await expect(bell(a.page)).toHaveAccessibleName('Activity');
    await expect
      .poll(async () => {
        const items = await Promise.all(
          itemIds.map((id) => admin.get(`activity/${ann.uid}/items/${id}`)),
        );
        return items.map((item) => item?.data.read);
      })
      .toEqual([true, true, true, true]);

    // A new comment arrives while Ann looks at the list: it shows at the top, live, and is read.
    await b.page.goto(`/post/${postId}`);
    const again = b.page.getByRole('article', { name: 'Post' });
    await again.getByRole('button', { name: 'Comments' }).click();
    await again.getByRole('combobox', { name: 'Write a comment' }).fill('One more');
    await again.getByRole('combobox', { name: 'Write a comment' }).press('Enter');
    await expect(entries).toHaveCount(5, AFTER_FUNCTION);
    await expect(entries.first()).toHaveText(
      new RegExp(`${ben.username} commented on your post \\(new\\)`),
    );
    await expect(bell(a.page)).toHaveAccessibleName('Activity');

    // Unlike and unfollow take their items away, live.
    const likeItemPath = `activity/${ann.uid}/items/like_${postId}_${ben.uid}`;
    const toldOnce = (await admin.get(likeItemPath))!.data;
    expect(toldOnce).toMatchObject({ read: true });
    await again.getByRole('button', { name: 'Liked', exact: true }).click();
    await expect(again.getByRole('button', { name: 'Like', exact: true })).toBeVisible();
    const likeEntry = entries.filter({ hasText: 'liked your post' });
    await expect(likeEntry).toHaveCount(0, AFTER_FUNCTION);
    await b.page.goto(`/profile/${ann.uid}`);
    await b.page.getByRole('button', { name: 'Followed', exact: true }).click();
    await expect(b.page.getByRole('button', { name: 'Follow', exact: true })).toBeVisible();
    await expect(entries.filter({ hasText: 'started following you' })).toHaveCount(
      0,
      AFTER_FUNCTION,
    );
    await expect(entries).toHaveCount(3);

    // Ben likes again within the day: the notice Ann already saw comes back as it was (its time,
    // read, so last in the list), not as a new one; her bell stays without a count.
    await b.page.goto(`/post/${postId}`);
    await b.page.getByRole('button', { name: 'Like', exact: true }).click();
    await expect(b.page.getByRole('button', { name: 'Liked', exact: true })).toBeVisible();
    await expect(likeEntry).toHaveCount(1, AFTER_FUNCTION);
    await expect(entries.last()).toHaveText(new RegExp(`${ben.username} liked your post`));
    expect((await admin.get(likeItemPath))!.data).toEqual(toldOnce);
    await expect(bell(a.page)).toHaveAccessibleName('Activity');

    await a.context.close();
    await b.context.close();
  });
});

test.describe('mentions', () => {
  test('a member picked after @ in the composer, kept in the draft across a reload, is linked in the post and told on /activity', async ({
    browser,
    stack,
    members,
  }) => {
    test.setTimeout(120_000);
    const t = randomUUID()
      .replace(/[^a-f]/g, '')
      .slice(0, 5)
      .padEnd(5, 'q');
    const ann = await members.create({ username: `Ann ${t}` });
    const ben = await members.create({ username: `Ben Mentioned ${t}` });
    const a = await signedInPage(browser, stack.shellUrl, ann);
    const b = await signedInPage(browser, stack.shellUrl, ben);

    // Ann types @ and the start of Ben's name in any case; the suggestions offer him.
    const caption = a.page.getByRole('combobox', { name: "What's on your mind?" });
    await caption.pressSequentially(`Hello @ben mentioned ${t.slice(0, 3)}`);
    await expect(caption).toHaveAttribute('aria-expanded', 'true');
    const option = a.page.getByRole('option', { name: ben.username });
    await expect(option).toHaveAttribute('aria-selected', 'true');
    await caption.press('Enter');
    await expect(caption).toHaveValue(`Hello @${ben.username} `);
    await caption.pressSequentially('welcome!');
    // A reload brings the draft back with Ben still picked, so the post still mentions him.
    await expect
      .poll(async () => {
        const kept = await storedDraft(a.page, ann.uid);
        return { caption: kept?.caption, mentions: kept?.mentions };
      })
      .toEqual({
        caption: `Hello @${ben.username} welcome!`,
        mentions: [{ uid: ben.uid, name: ben.username }],
      });
    await a.page.reload();
    await expect(a.page.getByText('Your draft is back, as you left it.')).toBeVisible();
    await expect(caption).toHaveValue(`Hello @${ben.username} welcome!`);
    await a.page.getByRole('button', { name: 'Post', exact: true }).click();

    // The post links the mention to Ben's profile.
    const card = a.page.getByRole('article', { name: 'Post' }).filter({ hasText: 'welcome!' });
    const mention = card.getByRole('link', { name: `@${ben.username}` });
    await expect(mention).toHaveAttribute('href', `/profile/${ben.uid}`);

    // Ben is told by the activity function, and the entry leads to the post.
    await expect(bell(b.page)).toHaveAccessibleName('Activity, 1 unread', AFTER_FUNCTION);
    await bell(b.page).click();
    const entry = activityEntries(b.page).first();
    await expect(entry).toHaveText(new RegExp(`${ann.username} mentioned you in a post`));
    await expect(entry).toHaveAttribute('href', /^\/post\/[A-Za-z0-9]{20}$/);

    await mention.click();
    await a.page.waitForURL((url) => url.pathname === `/profile/${ben.uid}`);
    await a.context.close();
    await b.context.close();
  });
});

test.describe('member search', () => {
  /** Letters only, so every name made with it sorts and folds predictably. */
  const tag = () =>
    Array.from(randomUUID().replace(/[^a-f]/g, ''))
      .slice(0, 6)
      .join('')
      .padEnd(6, 'q');

  test('finds members by the start of their name in any case, paged and live; clearing brings the full list back', async ({
    page,
    members,
    admin,
  }) => {
    test.setTimeout(120_000);
    const t = tag();
    const prefix = `Zz${t}`;
    // 22 matches (more than one page of 20) and one that only contains the text later on.
    const matching = [];
    for (let i = 0; i < 22; i += 1) {
      const name =
        i % 2 === 0
          ? `${prefix} Anna ${String(i).padStart(2, '0')}`
          : `ZZ${t.toUpperCase()} Andy ${String(i).padStart(2, '0')}`;
      matching.push(await members.create({ username: name }));
    }
    const elsewhere = await members.create({ username: `Someone ${prefix}` });
    const viewer = await members.create();

    await signIn(page, viewer);
    await page.goto('/members');
    const search = page.getByRole('searchbox', { name: 'Search members' });
    const results = page.getByRole('list', { name: /^Members whose name starts with/ });
    const resultLinks = results.getByRole('link');

    // Lower case finds names written in any case; the first page, then the rest as it scrolls.
    await search.fill(`zz${t}`);
    await expect(results).toBeVisible();
    await expect.poll(() => resultLinks.count()).toBeGreaterThanOrEqual(20);
    await scrollToEnd(page, resultLinks);
    await expect(resultLinks).toHaveCount(22);
    await expect(results.getByRole('link', { name: elsewhere.username })).toHaveCount(0);
    // Each entry shows the name and, beside it, the member tag that tells look-alikes apart.
    const shownNames = await resultLinks.locator('.ui-member__name').allTextContents();
    expect(new Set(shownNames)).toEqual(new Set(matching.map((m) => m.username)));

    // A narrower prefix, typed in upper case.
    await search.fill(`ZZ${t.toUpperCase()} AND`);
    await expect(resultLinks).toHaveCount(11);
    await expect(resultLinks.first()).toHaveText(/Andy/);

    // Live: a member renamed to match appears among the results.
    const renamed = await admin.get(`usersData/${elsewhere.uid}`);
    await admin.write([
      {
        path: `usersData/${elsewhere.uid}`,
        data: {
          ...renamed!.data,
          userInfo: { ...(renamed!.data.userInfo as object), userName: `${prefix} andrea` },
          searchName: `zz${t} andrea`,
        },
      },
    ]);
    await expect(resultLinks).toHaveCount(12);
    await expect(results.getByRole('link', { name: `${prefix} andrea` })).toBeVisible();

    // No match, then clearing the field: the full members list is back.
    await search.fill(`${prefix}xyz`);
    await expect(page.getByText(`No member’s name starts with “${prefix}xyz”`)).toBeVisible();
    await search.fill('');
    await expect(page.getByRole('list', { name: 'All members' })).toBeVisible();
    await expect(results).toHaveCount(0);
  });

  test('a member from before search is made searchable at their next sign-in', async ({
    page,
    members,
    admin,
  }) => {
    const legacy = await members.create({ username: `Old Timer ${tag()}` });
    const stored = await admin.get(`usersData/${legacy.uid}`);
    const { searchName: _dropped, ...before } = stored!.data;
    await admin.write([{ path: `usersData/${legacy.uid}`, data: before }]);
    expect((await admin.get(`usersData/${legacy.uid}`))!.data.searchName).toBeUndefined();

    await signIn(page, legacy);
    await expect
      .poll(async () => (await admin.get(`usersData/${legacy.uid}`))!.data.searchName)
      .toBe(legacy.username.replace(/[A-Z]/g, (letter) => letter.toLowerCase()));
  });
});
