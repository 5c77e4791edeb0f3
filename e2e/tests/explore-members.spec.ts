import { randomUUID } from 'node:crypto';
import type { Locator } from '@playwright/test';
import { test, expect, signIn } from '../fixtures';
import type { Member } from '../fixtures';
import type { FirestoreAdmin } from '../support/firestore-rest';
import { scrollToEnd } from '../support/scroll';

/** A 1×1 PNG: a real image the browser decodes, short enough for the 2048-character URL limit. */
const PNG_DATA_URL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/**
 * Post times for this spec's posts. They lie ahead of every other spec's posts (those get the
 * server time), so this spec's photos are the newest explore entries even while other specs add
 * theirs to the same backend.
 */
const BASE_TIME = Date.UTC(2100, 0, 1);
const at = (minute: number) => new Date(BASE_TIME + minute * 60_000);

/** Writes a post (and its explore entry when it has a photo) in the shapes of docs/DATA_MODEL.md. */
async function createPost(
  admin: FirestoreAdmin,
  author: Member,
  post: { image: string | null; caption: string | null; createdAt: Date },
): Promise<string> {
  const postId = randomUUID().replace(/-/g, '').slice(0, 20);
  await admin.write([
    {
      path: `posts/${postId}`,
      data: {
        postImage: post.image,
        postCaption: post.caption,
        uid: author.uid,
        postId,
        followers: [author.uid],
        likes: [],
        createdAt: post.createdAt,
      },
    },
    ...(post.image
      ? [
          {
            path: `explorePosts/${postId}`,
            data: { postImage: post.image, uid: author.uid, postId, createdAt: post.createdAt },
          },
        ]
      : []),
  ]);
  return postId;
}

async function hrefs(links: Locator): Promise<string[]> {
  return links.evaluateAll((elements) => elements.map((element) => element.getAttribute('href')!));
}

test.describe('explore', () => {
  // Short enough that three rows of nine tiles end well below the fold.
  test.use({ viewport: { width: 1000, height: 420 } });

  test('photo posts page in by nine, newest first; text-only posts never appear; a tile opens its post', async ({
    page,
    members,
    admin,
  }) => {
    const author = await members.create({ username: 'Photo Phil' });
    // 11 photo posts and 3 text-only posts, interleaved in time; newest first is the expected order.
    const photoIds: string[] = [];
    const textIds: string[] = [];
    for (let minute = 0; minute < 14; minute += 1) {
      const textOnly = minute % 5 === 2;
      const id = await createPost(admin, author, {
        image: textOnly ? null : PNG_DATA_URL,
        caption: textOnly ? `Only words ${minute}` : null,
        createdAt: at(minute),
      });
      (textOnly ? textIds : photoIds).unshift(id);
    }
    expect(photoIds).toHaveLength(11);

    await signIn(page, author);
    await page.goto('/explore');
    const grid = page.getByRole('list', { name: 'Photo posts' });
    const tiles = grid.getByRole('link');

    await expect(tiles).toHaveCount(9);
    // Still nine a moment later: the end is below the fold, so nothing more was read.
    await page.waitForTimeout(1000);
    await expect(tiles).toHaveCount(9);
    expect(await hrefs(tiles)).toEqual(photoIds.slice(0, 9).map((id) => `/post/${id}`));
    // The top row is fetched first (the page's largest paint); the rest load as they near view.
    await expect(tiles.first().getByRole('img')).toHaveAttribute('fetchpriority', 'high');
    await expect(tiles.nth(3).getByRole('img')).toHaveAttribute('loading', 'lazy');
    await expect(tiles.first()).toHaveAccessibleName('Photo by Photo Phil');
    const box = await tiles.first().boundingBox();
    expect(box && Math.abs(box.width - box.height)).toBeLessThan(1.5);
    // Nine tiles fill three rows of three.
    const xs = await tiles.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().x));
    expect(new Set(xs.map(Math.round)).size).toBe(3);

    await tiles.last().scrollIntoViewIfNeeded();
    // 11 on a backend holding only this spec's photos; other specs running alongside may add more.
    await expect.poll(() => tiles.count()).toBeGreaterThanOrEqual(11);
    expect((await hrefs(tiles)).slice(0, 11)).toEqual(photoIds.map((id) => `/post/${id}`));

    // Until there are no more: the grid ends with exactly what explorePosts holds.
    await scrollToEnd(page, tiles);
    await expect(async () => {
      // Should scrollToEnd have stopped before a late page, bring the end into view again.
      await tiles.last().scrollIntoViewIfNeeded();
      const stored = await admin.list('explorePosts');
      expect((await hrefs(tiles)).sort()).toEqual(stored.map((doc) => `/post/${doc.id}`).sort());
    }).toPass();
    const shown = await hrefs(tiles);
    for (const id of textIds) expect(shown).not.toContain(`/post/${id}`);

    // A deleted post's tile leaves the grid live.
    const deleted = photoIds[10]!;
    await admin.write([{ delete: `posts/${deleted}` }, { delete: `explorePosts/${deleted}` }]);
    await expect(grid.locator(`a[href="/post/${deleted}"]`)).toHaveCount(0);
    await expect(grid.locator(`a[href="/post/${photoIds[9]!}"]`)).toHaveCount(1);

    // Keyboard: Tab reaches the first tile, which shows a focus ring, and Enter opens its post.
    await page.evaluate(() => window.scrollTo(0, 0));
    const firstHref = `/post/${photoIds[0]!}`;
    for (let presses = 0; presses < 12; presses += 1) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => document.activeElement?.getAttribute('href'));
      if (focused === firstHref) break;
    }
    await expect(tiles.first()).toBeFocused();
    const outline = await tiles
      .first()
      .evaluate(
        (el) => getComputedStyle(el).outlineStyle + ' ' + getComputedStyle(el).outlineWidth,
      );
    expect(outline).toBe('solid 3px');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL((url) => url.pathname === `/post/${photoIds[0]!}`);
  });
});

test.describe('tags', () => {
  /** What waits on the explore function: its first run starts a worker, seconds on a busy machine. */
  const AFTER_FUNCTION = { timeout: 30_000 };

  test('a tag in a caption opens its page of posts, newest first; explore lists it as trending', async ({
    page,
    members,
    admin,
  }) => {
    const author = await members.create({ username: 'Tag Tess' });
    // A tag no other spec writes, in mixed case as a member might type it; first among the day's
    // tags of two posts (equal counts are listed by tag), so the trending list's ten show it
    // however many tags the shared backend already holds (a retry's, other specs').
    const tag = `aa${randomUUID()
      .replace(/[^a-f]/g, '')
      .slice(0, 8)}`;
    const now = Date.now();
    const older = await createPost(admin, author, {
      image: null,
      caption: `Morning walk #${tag}`,
      createdAt: new Date(now - 60_000),
    });
    const newer = await createPost(admin, author, {
      image: null,
      caption: `Evening light #${tag.toUpperCase()}, see https://example.com/#${tag}`,
      createdAt: new Date(now),
    });

    await signIn(page, author);
    await page.goto(`/post/${newer}`);
    const caption = page.getByRole('article', { name: 'Post' });
    // The tag inside the address stays part of the link to it.
    await expect(caption.getByRole('link', { name: `example.com/#${tag}` })).toBeVisible();
    await caption.getByRole('link', { name: `#${tag.toUpperCase()}`, exact: true }).click();

    await expect(page).toHaveURL((url) => url.pathname === `/tags/${tag}`);
    await expect(page.getByRole('heading', { level: 1, name: `#${tag}` })).toBeVisible();
    // The explore function stores the tags, and the feed's copies them onto the cards the list
    // reads: first on the server, so a failure below says whether the page missed a change.
    await expect
      .poll(async () => {
        const cards = await Promise.all([older, newer].map((id) => admin.get(`postCards/${id}`)));
        return cards.map((card) => card?.data.tags);
      }, AFTER_FUNCTION)
      .toEqual([[tag], [tag]]);
    // The list fills, live.
    const list = page.getByRole('list', { name: `Posts tagged #${tag}` });
    const times = list.getByRole('article').locator('a[href^="/post/"]');
    await expect(times).toHaveCount(2, AFTER_FUNCTION);
    expect(await hrefs(times)).toEqual([`/post/${newer}`, `/post/${older}`]);

    await page.getByRole('link', { name: 'Explore', exact: true }).first().click();
    const trending = page.getByRole('list', { name: 'Trending tags, last 7 days' });
    const link = trending.getByRole('link', { name: `#${tag} 2 posts` });
    await expect(link).toBeVisible(AFTER_FUNCTION);
    await link.click();
    await expect(page.getByRole('heading', { level: 1, name: `#${tag}` })).toBeVisible();
  });
});

test.describe('members', () => {
  test.use({ viewport: { width: 1000, height: 600 } });

  test('the list is the reverse of the fetch order, reads in pages, every entry links to its profile, and changes show live', async ({
    page,
    members,
    admin,
  }) => {
    // More than one page of members, one with a picture.
    const created = await Promise.all(
      Array.from({ length: 24 }, (_, i) => members.create({ username: `Roster ${i}` })),
    );
    const pictured = created[0]!;
    const stored = (await admin.get(`usersData/${pictured.uid}`))!;
    await admin.write([
      {
        path: stored.path,
        data: {
          ...stored.data,
          profilePictures: { profilePicture: PNG_DATA_URL, profileCover: null },
        },
      },
    ]);

    const viewer = created[1]!;
    await signIn(page, viewer);
    await page.goto('/members');
    await expect(page.getByRole('heading', { level: 1, name: 'Members' })).toBeVisible();
    const list = page.getByRole('list', { name: 'All members' });
    const links = list.getByRole('link');

    // The first page only, until its end scrolls into view. The list is live, so a member another
    // spec signs up meanwhile is added to it: the check is that not every member is shown yet.
    await expect.poll(() => links.count()).toBeGreaterThanOrEqual(20);
    await page.waitForTimeout(1000);
    const memberCount = (await admin.list('usersData')).length;
    expect(await links.count()).toBeLessThan(memberCount);
    await scrollToEnd(page, links);
    // On a busy machine the next page may start loading after scrollToEnd's pause: wait for it.
    await expect.poll(() => links.count()).toBeGreaterThanOrEqual(24);

    // The fetch order is by user name, then uid, ascending (Firestore compares strings by their
    // UTF-8 bytes); the list is its reverse, and each entry shows that member's name and links to
    // that member's profile.
    await expect(async () => {
      // Members other specs sign up meanwhile may need a later page: bring the end into view again.
      await links.last().scrollIntoViewIfNeeded();
      const all = await admin.list('usersData');
      const names = new Map(
        all.map((doc) => [doc.id, (doc.data.userInfo as { userName: string }).userName]),
      );
      const bytes = (text: string) => Buffer.from(text, 'utf8');
      const fetchOrder = all
        .map((doc) => doc.id)
        .sort(
          (a, b) =>
            Buffer.compare(bytes(names.get(a)!), bytes(names.get(b)!)) ||
            Buffer.compare(bytes(a), bytes(b)),
        );
      // Each entry: its name, and the member tag that tells look-alike names apart.
      const shown = await links.evaluateAll((els) =>
        els.map((el) => [
          el.getAttribute('href'),
          el.querySelector('.ui-member__name')?.textContent,
          el.querySelector('.members-entry__tag')?.textContent,
        ]),
      );
      expect(shown).toEqual(
        [...fetchOrder]
          .reverse()
          .map((uid) => [`/profile/${uid}`, names.get(uid), `ID ${uid.slice(0, 8)}`]),
      );
    }).toPass();

    // Pictures: the member's own, or the placeholder.
    const pictureOf = (member: Member) => list.locator(`a[href="/profile/${member.uid}"] img`);
    await expect(pictureOf(pictured)).toHaveAttribute('src', PNG_DATA_URL);
    await expect(pictureOf(viewer)).toHaveAttribute('src', /placeholder|\.svg|data:image\/svg/);

    // A new member appears live, wherever their name sorts.
    const newcomer = await members.create({ username: 'Newcomer Nia' });
    const newcomerLink = list.getByRole('link', { name: 'Newcomer Nia' });
    await expect(newcomerLink).toHaveAttribute('href', `/profile/${newcomer.uid}`);

    // A changed name and picture show live.
    const before = (await admin.get(`usersData/${newcomer.uid}`))!;
    await admin.write([
      {
        path: before.path,
        data: {
          ...before.data,
          userInfo: { ...(before.data.userInfo as object), userName: 'Renamed Nia' },
          profilePictures: { profilePicture: PNG_DATA_URL, profileCover: null },
        },
      },
    ]);
    const renamed = list.getByRole('link', { name: 'Renamed Nia' });
    await expect(renamed).toHaveAttribute('href', `/profile/${newcomer.uid}`);
    await expect(renamed.locator('img')).toHaveAttribute('src', PNG_DATA_URL);
    await expect(list.getByRole('link', { name: 'Newcomer Nia' })).toHaveCount(0);

    // An entry opens that member's profile.
    await list.getByRole('link', { name: pictured.username, exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === `/profile/${pictured.uid}`);
  });
});
