/**
 * A photo's description and the full-screen viewer, in Chromium against the built apps: a member
 * posts a photo with a description through the composer; the description is stored on the post
 * and its explore entry, screen readers get it on the feed card, on /post/{id} and in explore;
 * the photo opens full size in a modal dialog that keeps focus inside and closes with Escape and
 * with the browser's back button, giving focus back to the photo. A photo without a description
 * keeps the caption fallback. On a phone, two fingers zoom the photo, not the page.
 */
import type { CDPSession, Locator, Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { PHOTO_ALT_MAX_LENGTH } from 'mfe-feed/src/data/photoAlt';
import { test, expect, signIn } from '../fixtures';
import type { Member } from '../fixtures';
import { blockingViolations } from '../support/axe';
import type { FirestoreAdmin } from '../support/firestore-rest';
import { MESSAGES } from '../support/messages';
import { phoneJpeg } from '../support/photos';

const DESCRIPTION = 'A red kite high above pale sand dunes under a clear sky';
const LANDSCAPE = phoneJpeg({
  width: 1200,
  height: 900,
  left: [220, 30, 30],
  right: [30, 60, 220],
  orientation: 1,
});

const composer = (page: Page) => page.getByRole('form', { name: 'New post' });
const descriptionField = (page: Page) =>
  composer(page).getByRole('textbox', { name: 'Photo description (alt text)' });
const viewer = (page: Page) => page.getByRole('dialog', { name: 'Full-size photo' });
const cardWith = (page: Page, text: string) => page.getByRole('article').filter({ hasText: text });

/** Posts a photo with `caption` (and `description`, when given) through the composer. */
async function postPhoto(page: Page, caption: string, description?: string) {
  await composer(page).getByLabel("What's on your mind?").fill(caption);
  await composer(page)
    .getByLabel('Photos', { exact: true })
    .setInputFiles({ name: 'kite.jpg', mimeType: 'image/jpeg', buffer: LANDSCAPE });
  // Until it is written, a gentle reminder (not an error) describes the field.
  await expect(descriptionField(page)).toHaveAccessibleDescription(/^No description yet\./);
  expect(await blockingViolations(page, 'form[aria-label="New post"]')).toEqual([]);
  if (description) {
    await descriptionField(page).fill(description);
    await expect(
      composer(page).getByText(`${description.length}/${PHOTO_ALT_MAX_LENGTH}`),
    ).toBeVisible();
    await expect(composer(page).getByText(/^No description yet\./)).toHaveCount(0);
  }
  await composer(page).getByRole('button', { name: 'Post', exact: true }).click();
  await expect(page.getByText(MESSAGES.postCreated)).toBeVisible();
}

async function storedPost(admin: FirestoreAdmin, author: Member, caption: string) {
  let post: Record<string, unknown> = {};
  await expect(async () => {
    const posts = await admin.list('posts', { field: 'uid', equals: author.uid });
    const found = posts.find((entry) => entry.data.postCaption === caption);
    expect(found).toBeDefined();
    post = found!.data;
  }).toPass();
  return post;
}

/**
 * Opens the viewer from `photoButton`, checks the dialog (the full-size photo and its
 * description, focus kept inside), closes it with `close`, and checks focus came back.
 */
async function openAndClose(
  page: Page,
  photoButton: Locator,
  expected: { alt: string; src: string; width: number },
  close: () => Promise<unknown>,
) {
  const url = page.url();
  await photoButton.click();
  const dialog = viewer(page);
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute('aria-modal', 'true');
  const photo = dialog.getByRole('img', { name: expected.alt, exact: true });
  await expect(photo).toHaveAttribute('src', expected.src);
  await expect
    .poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBe(expected.width);
  // One photo: nothing to go to.
  await expect(dialog.getByRole('button', { name: /photo$/ })).toHaveCount(0);
  const closeButton = dialog.getByRole('button', { name: 'Close' });
  await expect(closeButton).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(closeButton).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(closeButton).toBeFocused();
  // The address stays; the history entry is the viewer's.
  expect(page.url()).toBe(url);
  expect(await blockingViolations(page, '[role="dialog"]')).toEqual([]);

  await close();
  await expect(dialog).toHaveCount(0);
  await expect(photoButton).toBeFocused();
  expect(page.url()).toBe(url);
}

test.describe('a photo’s description and the full-screen viewer', () => {
  test('described photo: stored, said on the card, the post page and explore; the viewer closes with Escape and with back', async ({
    page,
    members,
    admin,
  }) => {
    const ann = await members.create({ username: `Kite Ann ${randomUUID().slice(0, 4)}` });
    await signIn(page, ann);
    const caption = `Windy day ${randomUUID().slice(0, 6)}`;
    await postPhoto(page, caption, `  ${DESCRIPTION}  `);

    const post = await storedPost(admin, ann, caption);
    expect(post.postImageAlt).toBe(DESCRIPTION);
    const entry = (await admin.get(`explorePosts/${post.postId as string}`))!.data;
    expect(entry.postImageAlt).toBe(DESCRIPTION);
    const full = { alt: DESCRIPTION, src: post.postImage as string, width: 1080 };

    // The feed card: the photo is named by the description, and is the button that opens it.
    const card = cardWith(page, caption);
    await expect(card.getByRole('img', { name: DESCRIPTION, exact: true })).toBeVisible();
    const photoButton = card.getByRole('button', { name: DESCRIPTION, exact: true });
    await openAndClose(page, photoButton, full, () => page.keyboard.press('Escape'));
    await openAndClose(page, photoButton, full, () => page.goBack());
    // Back closed the viewer only: the feed is still here, and back again leaves it.
    await expect(page).toHaveURL(/\/$/);
    await expect(card).toBeVisible();

    // The post's own page.
    await page.goto(`/post/${post.postId as string}`);
    const single = page.getByRole('article');
    await expect(single.getByRole('img', { name: DESCRIPTION, exact: true })).toBeVisible();
    const singleButton = single.getByRole('button', { name: DESCRIPTION, exact: true });
    await openAndClose(page, singleButton, full, () => page.keyboard.press('Escape'));
    await openAndClose(page, singleButton, full, () => page.goBack());
    await expect(page).toHaveURL(new RegExp(`/post/${post.postId as string}$`));
    // The close button closes it too.
    await openAndClose(page, singleButton, full, () =>
      viewer(page).getByRole('button', { name: 'Close' }).click(),
    );

    // Explore's tile says it too (its image is the link's name).
    await page.goto('/explore');
    await expect(
      page
        .getByRole('list', { name: 'Photo posts' })
        .getByRole('link', { name: DESCRIPTION, exact: true }),
    ).toBeVisible();
  });

  test('a photo posted without a description keeps the caption fallback, in the card and the viewer', async ({
    page,
    members,
    admin,
  }) => {
    const ben = await members.create();
    await signIn(page, ben);
    const caption = `Harbour at dusk ${randomUUID().slice(0, 6)}`;
    await postPhoto(page, caption);
    const post = await storedPost(admin, ben, caption);
    expect(post).not.toHaveProperty('postImageAlt');
    const fallback = `Photo: ${caption}`;
    const photoButton = cardWith(page, caption).getByRole('button', { name: fallback });
    await openAndClose(
      page,
      photoButton,
      { alt: fallback, src: post.postImage as string, width: 1080 },
      () => page.keyboard.press('Escape'),
    );
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  /** Two fingers on the screen at `from`, moved in steps to `to`, then lifted. */
  async function pinch(
    cdp: CDPSession,
    from: [{ x: number; y: number }, { x: number; y: number }],
    to: [{ x: number; y: number }, { x: number; y: number }],
  ) {
    const at = (step: number) =>
      from.map((point, id) => ({
        id,
        x: point.x + ((to[id]!.x - point.x) * step) / 10,
        y: point.y + ((to[id]!.y - point.y) * step) / 10,
      }));
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(0) });
    for (let step = 1; step <= 10; step += 1) {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(step) });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  }

  test('two fingers zoom the photo in the viewer, not the page; back closes it', async ({
    page,
    members,
  }) => {
    const cal = await members.create();
    await signIn(page, cal);
    const caption = `Dunes ${randomUUID().slice(0, 6)}`;
    await postPhoto(page, caption, DESCRIPTION);
    const photoButton = cardWith(page, caption).getByRole('button', { name: DESCRIPTION });
    await photoButton.tap();
    const photo = viewer(page).getByRole('img', { name: DESCRIPTION });
    await expect(photo).toBeVisible();
    // The photo spans the phone's width (1200×900 shown 390 px wide).
    const box = (await photo.boundingBox())!;
    expect(box.width).toBeCloseTo(390, 0);

    const cdp = await page.context().newCDPSession(page);
    const middle = { x: 195, y: box.y + box.height / 2 };
    await pinch(
      cdp,
      [
        { x: middle.x - 40, y: middle.y },
        { x: middle.x + 40, y: middle.y },
      ],
      [
        { x: middle.x - 120, y: middle.y },
        { x: middle.x + 120, y: middle.y },
      ],
    );
    const scale = () =>
      photo.evaluate((img) => new DOMMatrixReadOnly(getComputedStyle(img).transform).a);
    await expect.poll(scale).toBeGreaterThan(2.5);
    expect(await page.evaluate(() => window.visualViewport?.scale ?? 1)).toBe(1);

    await page.goBack();
    await expect(viewer(page)).toHaveCount(0);
    await expect(cardWith(page, caption)).toBeVisible();
  });
});
