import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import type { Locator, Page } from '@playwright/test';
import { MESSAGES } from '../support/messages';
import { createTextPost } from '../support/posts';
import { test, expect, signIn, signedInPage } from '../fixtures';
import type { Member } from '../fixtures';
import type { FirestoreAdmin, Plain } from '../support/firestore-rest';

// ---- test data ----

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real RGB PNG of `width`×`height` in one colour, made here rather than read from disk. */
function makePng(width: number, height: number, rgb: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3).fill(Buffer.from(rgb))]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(pixels)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A 1×1 PNG as a data URL: a photo URL for posts written directly with the admin token. */
const PNG_DATA_URL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const unique = (label: string) => `${label} ${randomUUID().slice(0, 6)}`;

// ---- helpers ----

const composerCaption = (page: Page) => page.getByLabel("What's on your mind?");
const photoInput = (page: Page) => page.getByLabel('Photos', { exact: true });
const postButton = (page: Page) => page.getByRole('button', { name: 'Post', exact: true });
const feed = (page: Page) => page.getByRole('list', { name: 'Your feed' });
const cardWith = (page: Page, text: string) =>
  page.getByRole('article', { name: 'Post' }).filter({ hasText: text });

async function makeTextPost(page: Page, caption: string) {
  await composerCaption(page).fill(caption);
  await postButton(page).click();
  await expect(page.getByText(MESSAGES.postCreated)).toBeVisible();
  await expect(cardWith(page, caption)).toBeVisible();
}

/**
 * A follow as the profile remote writes it: the edge alone (docs/DATA_MODEL.md "Follow edges"),
 * written with the admin token; the functions bring the lists, the posts and the timeline to it.
 */
async function follow(admin: FirestoreAdmin, follower: Member, target: Member) {
  await admin.write([
    {
      path: `follows/${follower.uid}_${target.uid}`,
      data: { follower: follower.uid, target: target.uid },
      serverTime: ['createdAt'],
    },
  ]);
}

async function postIdOf(admin: FirestoreAdmin, author: Member, caption: string): Promise<string> {
  let id = '';
  await expect(async () => {
    const posts = await admin.list('posts', { field: 'uid', equals: author.uid });
    const match = posts.find((post) => post.data.postCaption === caption);
    expect(match).toBeDefined();
    id = match!.id;
  }).toPass();
  return id;
}

/** The Storage object behind a download URL, read with the emulators' owner token: 200 or 404. */
async function storedFileStatus(storageUrl: string, downloadUrl: string): Promise<number> {
  const { pathname } = new URL(downloadUrl);
  const response = await fetch(`${storageUrl}${pathname}`, {
    headers: { Authorization: 'Firebase owner' },
  });
  return response.status;
}

async function comment(card: Locator, text: string) {
  const field = card.getByRole('combobox', { name: 'Write a comment' });
  await field.fill(text);
  await field.press('Enter');
  await expect(field).toHaveValue('');
}

const commentTexts = (card: Locator) => card.locator('.feed-comment__text');

// ---- specs ----

test.describe('feed', () => {
  test('two members: posts appear only after following; likes, comments and a caption edit show live; delete removes everything', async ({
    browser,
    stack,
    members,
    admin,
  }) => {
    // Two waits for functions whose first event may load their worker (the follow, the like).
    test.setTimeout(150_000);
    const ann = await members.create({ username: unique('Ann') });
    const ben = await members.create({ username: unique('Ben') });
    const a = await signedInPage(browser, stack.shellUrl, ann);
    const b = await signedInPage(browser, stack.shellUrl, ben);

    // Ann posts words, then a photo (a real file upload).
    const words = unique('Words from Ann');
    await makeTextPost(a.page, words);
    const photoCaption = unique('Sunset');
    await composerCaption(a.page).fill(photoCaption);
    await photoInput(a.page).setInputFiles({
      name: 'sunset.png',
      mimeType: 'image/png',
      buffer: makePng(64, 48, [250, 120, 30]),
    });
    await expect(a.page.getByAltText('Preview of the chosen photo')).toBeVisible();
    await postButton(a.page).click();
    await expect(a.page.getByText(MESSAGES.postCreated)).toBeVisible();
    const photoCard = cardWith(a.page, photoCaption);
    // The uploaded file comes back through its download URL.
    const photo = photoCard.getByRole('img', { name: `Photo: ${photoCaption}` });
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);
    await expect(a.page.getByAltText('Preview of the chosen photo')).toHaveCount(0);
    // Newest first.
    await expect(feed(a.page).getByRole('article')).toHaveCount(2);
    await expect(feed(a.page).getByRole('article').first()).toContainText(photoCaption);

    // The stored shapes (docs/DATA_MODEL.md "New post").
    const photoId = await postIdOf(admin, ann, photoCaption);
    const stored = (await admin.get(`posts/${photoId}`))!.data;
    expect(stored).toMatchObject({
      postCaption: photoCaption,
      uid: ann.uid,
      postId: photoId,
      followers: [ann.uid],
      likes: [],
    });
    expect(stored.postImage).toMatch(new RegExp(`/o/${ann.uid}%2Fposts%2F.+\\.png\\?alt=media`));
    expect((await admin.get(`explorePosts/${photoId}`))!.data.postImage).toBe(stored.postImage);
    expect(await storedFileStatus(stack.storageUrl, stored.postImage as string)).toBe(200);
    const wordsId = await postIdOf(admin, ann, words);
    expect(await admin.get(`explorePosts/${wordsId}`)).toBeNull();
    expect((await admin.get(`usersData/${ann.uid}`))!.data.posts).toEqual([wordsId, photoId]);

    // Ben sees none of it until he follows Ann; then both arrive live, without a reload.
    await expect(b.page.getByText(MESSAGES.noPosts)).toBeVisible();
    await expect(cardWith(b.page, words)).toHaveCount(0);
    await follow(admin, ben, ann);
    // Through the feed's function, which copies Ann's newest posts into Ben's timeline; its first
    // event loads the function's worker, tens of seconds when busy.
    await expect(feed(b.page).getByRole('article')).toHaveCount(2, { timeout: 60_000 });
    const benPhotoCard = cardWith(b.page, photoCaption);
    await expect(benPhotoCard.getByRole('link', { name: ann.username })).toHaveAttribute(
      'href',
      `/profile/${ann.uid}`,
    );

    // Ben likes and comments; Ann sees both live.
    await benPhotoCard.getByRole('button', { name: 'Like', exact: true }).click();
    await expect(benPhotoCard.getByRole('button', { name: 'Liked', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // Ben's like is his edge; the feed's function lists it on the post Ann reads. Its first
    // event: firebase-tools loads the function's worker then, tens of seconds when busy.
    await expect(photoCard.getByRole('button', { name: '1 like', exact: true })).toBeVisible({
      timeout: 60_000,
    });
    expect((await admin.get(`posts/${photoId}`))!.data.likes).toEqual([ben.uid]);

    await photoCard.getByRole('button', { name: 'Comments' }).click();
    await expect(photoCard.getByText('No comments yet.')).toBeVisible();
    await benPhotoCard.getByRole('button', { name: 'Comments' }).click();
    await comment(benPhotoCard, 'Lovely colours');
    // Whitespace only: ignored, nothing is saved (counted below).
    await benPhotoCard.getByRole('combobox', { name: 'Write a comment' }).fill('   ');
    await benPhotoCard.getByRole('combobox', { name: 'Write a comment' }).press('Enter');
    await comment(benPhotoCard, 'Where was this?');
    // Newest first, whitespace ignored, live on Ann's side with Ben's name.
    await expect(commentTexts(photoCard)).toHaveText(['Where was this?', 'Lovely colours']);
    await expect(commentTexts(benPhotoCard)).toHaveText(['Where was this?', 'Lovely colours']);
    await expect(
      photoCard.locator('.feed-comment').first().getByRole('link', { name: ben.username }),
    ).toBeVisible();
    expect(await admin.list('comments', { field: 'postId', equals: photoId })).toHaveLength(2);

    // Ann replies; Ben sees the reply under its comment.
    const question = photoCard.locator('.feed-comment').first();
    await question.getByRole('button', { name: 'Reply' }).click();
    await question.getByRole('combobox', { name: 'Write a reply' }).fill('At the beach');
    await question.getByRole('button', { name: 'Send reply' }).click();
    await expect(benPhotoCard.locator('.feed-reply__text')).toHaveText(['At the beach']);

    // Ann corrects her caption from the post's menu; both see "Edited" and the version it
    // replaced, and the likes and comments stay (docs/DATA_MODEL.md "Editing a post").
    const corrected = `${photoCaption} at the beach`;
    // Another member's menu reports the post and mutes or blocks its author: editing and
    // deleting are the author's.
    await benPhotoCard.getByRole('button', { name: 'Post options' }).click();
    await expect(benPhotoCard.getByRole('menuitem')).toHaveText([
      'Report post',
      'Mute author',
      'Block author',
    ]);
    await b.page.keyboard.press('Escape');
    await photoCard.getByRole('button', { name: 'Post options' }).click();
    await photoCard.getByRole('menuitem', { name: 'Edit caption and description' }).click();
    const editForm = photoCard.getByRole('form', { name: 'Edit post' });
    await editForm.getByRole('combobox', { name: 'Caption' }).fill(corrected);
    await editForm.getByRole('button', { name: 'Save' }).click();
    await expect(photoCard.locator('.feed-post__caption')).toHaveText(corrected);
    await expect(photoCard.getByRole('button', { name: /^Edited/ })).toBeVisible();
    await expect(benPhotoCard.locator('.feed-post__caption')).toHaveText(corrected);
    await benPhotoCard.getByRole('button', { name: /^Edited/ }).click();
    const earlier = benPhotoCard
      .getByRole('region', { name: 'Earlier versions' })
      .getByRole('listitem');
    await expect(earlier).toHaveCount(1);
    await expect(earlier).toContainText(`Original`);
    await expect(earlier.locator('.feed-history__text')).toHaveText(photoCaption);
    await expect(photoCard.getByRole('button', { name: '1 like', exact: true })).toBeVisible();
    await expect(commentTexts(benPhotoCard)).toHaveText(['Where was this?', 'Lovely colours']);
    expect((await admin.get(`posts/${photoId}/edits/0`))!.data).toMatchObject({
      uid: ann.uid,
      postCaption: photoCaption,
      postImageAlt: null,
    });

    // Ben cannot delete Ann's posts; Ann can, after confirming.
    await expect(benPhotoCard.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);
    await photoCard.getByRole('button', { name: 'Delete', exact: true }).click();
    await photoCard.getByRole('button', { name: 'Delete post' }).click();
    await expect(cardWith(a.page, photoCaption)).toHaveCount(0);
    await expect(cardWith(b.page, photoCaption)).toHaveCount(0);
    await expect(cardWith(b.page, words)).toBeVisible();

    expect(await admin.get(`posts/${photoId}`)).toBeNull();
    expect(await admin.get(`explorePosts/${photoId}`)).toBeNull();
    expect(await admin.get(`posts/${photoId}/edits/0`)).toBeNull();
    expect(await admin.list('comments', { field: 'postId', equals: photoId })).toEqual([]);
    expect((await admin.get(`usersData/${ann.uid}`))!.data.posts).toEqual([wordsId]);
    expect(await storedFileStatus(stack.storageUrl, stored.postImage as string)).toBe(404);

    // A new post of Ann's reaches Ben's open feed (pushed into his timeline); after he unfollows,
    // her posts leave it.
    const later = unique('Later from Ann');
    await makeTextPost(a.page, later);
    await expect(cardWith(b.page, later)).toBeVisible({ timeout: 30_000 });
    await admin.write([{ delete: `follows/${ben.uid}_${ann.uid}` }]);
    await expect(feed(b.page).getByRole('article')).toHaveCount(0, { timeout: 30_000 });
    await expect(b.page.getByText(MESSAGES.noPosts)).toBeVisible();

    await a.context.close();
    await b.context.close();
  });

  test('composer messages: empty post, non-image, oversize image, and the success message for 3000 ms', async ({
    page,
    members,
    admin,
  }) => {
    const member = await members.create();
    await signIn(page, member);

    await postButton(page).click();
    await expect(page.getByRole('alert')).toHaveText(MESSAGES.emptyPost);
    await composerCaption(page).fill('   ');
    await postButton(page).click();
    await expect(page.getByRole('alert')).toHaveText(MESSAGES.emptyPost);

    await expect(photoInput(page)).toHaveAttribute('accept', 'image/*');
    await photoInput(page).setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a picture'),
    });
    await expect(page.getByRole('alert')).toHaveText('Please choose an image file.');
    // From disk: a 25 MB buffer is too slow to send through the driver on a busy machine.
    const huge = test.info().outputPath('huge.png');
    writeFileSync(huge, Buffer.alloc(25 * 1024 * 1024 + 1));
    await photoInput(page).setInputFiles(huge);
    await expect(page.getByRole('alert')).toHaveText('The image is too large: the limit is 25 MB.');
    await expect(page.getByAltText('Preview of the chosen photo')).toHaveCount(0);
    expect(await admin.list('posts', { field: 'uid', equals: member.uid })).toEqual([]);

    // The success message: shown when the post is made, gone 3000 ms later. Each showing is recorded
    // in the page, so a 3-second message is never missed between two polls of a busy machine.
    await page.evaluate((text) => {
      const showings: Array<{ shown: number; hidden?: number }> = [];
      (window as unknown as { showings: typeof showings }).showings = showings;
      const present = () =>
        [...document.querySelectorAll('[role="status"] p')].some((p) => p.textContent === text);
      new MutationObserver(() => {
        const last = showings[showings.length - 1];
        const visible = present();
        if (visible && (!last || last.hidden !== undefined))
          showings.push({ shown: performance.now() });
        if (!visible && last && last.hidden === undefined) last.hidden = performance.now();
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    }, MESSAGES.postCreated);
    const showings = () =>
      page.evaluate(
        () =>
          (window as unknown as { showings: Array<{ shown: number; hidden?: number }> }).showings,
      );
    const waitForShowing = (count: number) =>
      page.waitForFunction(
        (n) => (window as unknown as { showings: unknown[] }).showings.length >= n,
        count,
        { timeout: 15_000 },
      );

    await composerCaption(page).fill('Timed');
    await postButton(page).click();
    await waitForShowing(1);
    await expect(page.getByText(MESSAGES.postCreated)).toHaveCount(0, { timeout: 6000 });
    const [timed] = await showings();
    expect(timed!.hidden! - timed!.shown).toBeGreaterThanOrEqual(2950);
    expect(timed!.hidden! - timed!.shown).toBeLessThan(3500);

    // A double click makes one post.
    await composerCaption(page).fill('Only once');
    await postButton(page).dblclick();
    await waitForShowing(2);
    const once = (await admin.list('posts', { field: 'uid', equals: member.uid })).filter(
      (post) => post.data.postCaption === 'Only once',
    );
    expect(once).toHaveLength(1);
  });

  test.describe('paging', () => {
    test.use({ viewport: { width: 900, height: 700 } });

    test('seven posts page in by three, newest first, to an end marker', async ({
      page,
      members,
      admin,
    }) => {
      const member = await members.create();
      const base = Date.UTC(2020, 0, 1);
      const captions: string[] = [];
      for (let n = 1; n <= 7; n += 1) {
        const postId = randomUUID().replace(/-/g, '').slice(0, 20);
        const caption = `Paged post ${n}`;
        captions.unshift(caption);
        const data: Record<string, Plain> = {
          postImage: PNG_DATA_URL,
          postCaption: caption,
          uid: member.uid,
          postId,
          followers: [member.uid],
          likes: [],
          createdAt: new Date(base + n * 60_000),
        };
        await admin.write([{ path: `posts/${postId}`, data }]);
      }
      // The member's own lists read the cards the feed's function copies from the posts.
      await expect
        .poll(
          async () => (await admin.list('postCards', { field: 'uid', equals: member.uid })).length,
          { timeout: 30_000 },
        )
        .toBe(7);
      await signIn(page, member);
      const cards = feed(page).getByRole('article');
      const end = page.getByText('You have reached the end.');

      await expect(cards).toHaveCount(3);
      await expect(end).toHaveCount(0);
      await expect(cards.locator('.feed-post__caption')).toHaveText(captions.slice(0, 3));
      // The photo frame is reserved before the picture arrives.
      const frame = await cards
        .first()
        .getByRole('img', { name: /^Photo/ })
        .boundingBox();
      expect(frame!.height).toBeGreaterThan(200);

      await cards.last().scrollIntoViewIfNeeded();
      await expect(cards).toHaveCount(6);
      await cards.last().scrollIntoViewIfNeeded();
      await expect(cards).toHaveCount(7);
      await expect(end).toBeVisible();
      await expect(cards.locator('.feed-post__caption')).toHaveText(captions);
    });
  });

  test('bookmarks: saved from the feed, listed on /saved by when saved, unsaved there; a deleted post leaves the list and its bookmark goes', async ({
    page,
    members,
    admin,
  }) => {
    test.setTimeout(120_000);
    const member = await members.create();
    const [older, newer] = [unique('Keep the older'), unique('Keep the newer')];
    const ids: string[] = [];
    for (const caption of [older, newer]) ids.push(await createTextPost(admin, member, caption));
    const [olderId, newerId] = ids as [string, string];
    await signIn(page, member);

    // The newer post is saved first, so the list's order is the order of saving, not posting.
    for (const caption of [newer, older]) {
      const card = cardWith(page, caption);
      await card.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(card.getByRole('button', { name: 'Saved', exact: true })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
    }
    await page.getByRole('link', { name: 'Saved posts' }).click();
    await expect(page).toHaveURL(/\/saved$/);
    const saved = page.getByRole('list', { name: 'Saved posts' });
    await expect(saved.locator('.feed-post__caption')).toHaveText([older, newer]);
    expect((await admin.get(`bookmarks/${member.uid}/saved/${olderId}`))!.data).toMatchObject({
      postId: olderId,
    });

    // Unsaved here: it leaves the list at once, and its bookmark is deleted.
    await cardWith(page, older).getByRole('button', { name: 'Saved', exact: true }).click();
    await expect(saved.locator('.feed-post__caption')).toHaveText([newer]);
    await expect.poll(() => admin.get(`bookmarks/${member.uid}/saved/${olderId}`)).toBeNull();

    // The saved post is deleted: it leaves the list at once, and the feed's function removes its
    // bookmark (its first event starts the function's worker: 10 s and more on a busy machine).
    const card = cardWith(page, newer);
    await card.getByRole('button', { name: 'Delete', exact: true }).click();
    await card.getByRole('button', { name: 'Delete post' }).click();
    await expect(page.getByText(/^No saved posts yet/)).toBeVisible();
    await expect
      .poll(() => admin.get(`bookmarks/${member.uid}/saved/${newerId}`), { timeout: 60_000 })
      .toBeNull();
  });

  test('single post page: no delete for the author, likes and comments work, unknown ids are not found; user text stays text', async ({
    page,
    members,
    admin,
  }) => {
    const member = await members.create();
    await signIn(page, member);
    const attack = `<img src=x onerror="window.__xss=1"> ${randomUUID().slice(0, 4)}`;
    await makeTextPost(page, attack);
    const card = cardWith(page, attack);
    await expect(card.getByRole('button', { name: 'Delete', exact: true })).toBeVisible();
    await card.getByRole('button', { name: 'Comments' }).click();
    await comment(card, '<script>window.__xss=2</script><b>bold</b>');
    await expect(commentTexts(card)).toHaveText(['<script>window.__xss=2</script><b>bold</b>']);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBe(
      undefined,
    );
    await expect(page.locator('img[src="x"]')).toHaveCount(0);
    await expect(card.locator('b')).toHaveCount(0);

    const postId = await postIdOf(admin, member, attack);
    await page.goto(`/post/${postId}`);
    const single = cardWith(page, attack);
    await expect(single).toBeVisible();
    await expect(single.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);
    await single.getByRole('button', { name: 'Like', exact: true }).click();
    await expect(single.getByRole('button', { name: 'Liked', exact: true })).toBeVisible();
    await expect(single.getByRole('button', { name: '1 like', exact: true })).toBeVisible();
    await single.getByRole('button', { name: 'Comments' }).click();
    await expect(commentTexts(single)).toHaveText(['<script>window.__xss=2</script><b>bold</b>']);
    await comment(single, 'From the post page');
    await expect(commentTexts(single)).toHaveText([
      'From the post page',
      '<script>window.__xss=2</script><b>bold</b>',
    ]);

    await page.goto('/post/no-such-post');
    await expect(page.getByRole('heading', { name: 'Post not found' })).toBeVisible();
    await expect(page.getByText(MESSAGES.pageNotFound)).toHaveCount(0);
  });
});
