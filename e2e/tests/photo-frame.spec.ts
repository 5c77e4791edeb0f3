/**
 * Post photos fill their frame. Photos of several shapes are posted through the composer (the real
 * processing and upload); in the feed, on /post/{id} and on the profile, at phone and desktop
 * widths, each photo's box is measured while its bytes are held back and again once it is drawn:
 * the box has the photo's shape (within 4:5 to 1.91:1), spans the card's column, does not change
 * as the photo arrives, and the drawn picture covers it (no bars).
 */
import { randomUUID } from 'node:crypto';
import type { Locator, Page, Route } from '@playwright/test';
import { test, expect, signIn } from '../fixtures';
import type { Member } from '../fixtures';
import type { FirestoreAdmin } from '../support/firestore-rest';
import { near, phoneJpeg, pixelAt } from '../support/photos';
import type { Rgb } from '../support/photos';
import { scrollToEnd } from '../support/scroll';

const LEFT: Rgb = [220, 30, 30];
const RIGHT: Rgb = [30, 60, 220];
/** The placeholder picture's background (shared-ui's placeholder-photo.svg). */
const PLACEHOLDER_GREY: Rgb = [208, 215, 222];

/** The product's frame bounds, Instagram's: 4:5 portrait to 1.91:1 landscape. */
const TALLEST = 4 / 5;
const WIDEST = 1.91;

interface Shape {
  label: string;
  width: number;
  height: number;
}

/** Photos as a phone hands them over; the display size keeps them (≤ 1080 px) but the panorama. */
const SHAPES: Shape[] = [
  { label: 'landscape', width: 1080, height: 810 },
  { label: 'portrait', width: 864, height: 1080 },
  { label: 'square', width: 900, height: 900 },
  { label: 'tall', width: 540, height: 1080 },
  { label: 'panorama', width: 1500, height: 500 },
];

const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

interface PostedPhoto {
  caption: string;
  postId: string;
  url: string;
  /** The stored display size, or null for a post from before sizes were stored. */
  stored: { width: number; height: number } | null;
  /** The box's width / height: the stored shape within the bounds; 4:3 when unknown. */
  frameRatio: number;
}

interface Box {
  width: number;
  height: number;
  /** The card's content width: the column a photo spans. */
  column: number;
  naturalWidth: number;
  naturalHeight: number;
  objectFit: string;
  currentSrc: string;
}

const clampRatio = (ratio: number) => Math.min(WIDEST, Math.max(TALLEST, ratio));

const photoIn = (scope: Page | Locator, caption: string) =>
  scope.getByRole('img', { name: `Photo: ${caption}`, exact: true });

/** Holds every post photo's response until released, so the box can be measured before load. */
async function holdPostPhotos(page: Page) {
  const held: Route[] = [];
  let released = false;
  let failing = false;
  const handler = (route: Route) => {
    if (failing) return route.abort();
    if (released) return route.continue();
    held.push(route);
    return undefined;
  };
  await page.route(/%2Fposts%2F/, handler);
  return {
    /** Lets the held and later responses through. */
    async release() {
      released = true;
      await Promise.all(held.splice(0).map((route) => route.continue()));
    },
    /** Fails the held and later requests, as a deleted file or a dropped network would. */
    async fail() {
      failing = true;
      await Promise.all(held.splice(0).map((route) => route.abort()));
    },
    async dispose() {
      await page.unroute(/%2Fposts%2F/, handler);
    },
  };
}

async function boxOf(photo: Locator): Promise<Box> {
  return photo.evaluate((img: HTMLImageElement) => {
    const rect = img.getBoundingClientRect();
    const card = img.closest('article')!;
    const cardStyle = getComputedStyle(card);
    return {
      width: rect.width,
      height: rect.height,
      column:
        card.clientWidth - parseFloat(cardStyle.paddingLeft) - parseFloat(cardStyle.paddingRight),
      naturalWidth: img.naturalWidth,
      naturalHeight: img.naturalHeight,
      objectFit: getComputedStyle(img).objectFit,
      currentSrc: img.currentSrc,
    };
  });
}

/** The picture as drawn in its box (CSS object-fit `fill`, `cover` or `contain`), in CSS pixels. */
function drawnSize(box: Box): { width: number; height: number } {
  if (box.objectFit === 'fill') return { width: box.width, height: box.height };
  const scales = [box.width / box.naturalWidth, box.height / box.naturalHeight];
  const scale = box.objectFit === 'cover' ? Math.max(...scales) : Math.min(...scales);
  return { width: box.naturalWidth * scale, height: box.naturalHeight * scale };
}

/**
 * What Chromium painted near the box's corners (8 % in, clear of the rounded corners), so bars of
 * background would show. The box's bottom at the viewport's bottom keeps its top clear of the
 * sticky top bar.
 */
async function expectCorners(element: Locator, left: Rgb, right: Rgb, where: string) {
  await element.evaluate((img) => img.scrollIntoView({ block: 'end' }));
  const shot = await element.screenshot({ type: 'jpeg', quality: 95 });
  const { width, height } = pixelAt(shot, 0, 0);
  for (const [x, y, colour, corner] of [
    [0.08, 0.08, left, 'top left'],
    [0.92, 0.08, right, 'top right'],
    [0.08, 0.92, left, 'bottom left'],
    [0.92, 0.92, right, 'bottom right'],
  ] as const) {
    const { rgb } = pixelAt(shot, Math.floor(width * x), Math.floor(height * y));
    expect(near(rgb, colour, 24), `${where}: ${corner} is ${rgb.join(',')}`).toBe(true);
  }
}

/** Reserved before load: the column's width and the frame's shape, within a pixel. */
function expectFrame(box: Box, photo: PostedPhoto, where: string) {
  expect(box.naturalWidth, `${where}: measured before the photo arrived`).toBe(0);
  expect(
    Math.abs(box.width - box.column),
    `${where}: box ${box.width} wide, column ${box.column}`,
  ).toBeLessThanOrEqual(1);
  expect(
    Math.abs(box.height - box.width / photo.frameRatio),
    `${where}: box ${box.width}×${box.height}, frame ratio ${photo.frameRatio.toFixed(3)}`,
  ).toBeLessThanOrEqual(1);
}

/** Once drawn: the same box, the stored picture, covering the box (or whole inside it). */
async function expectDrawn(photoElement: Locator, before: Box, photo: PostedPhoto, where: string) {
  await photoElement.scrollIntoViewIfNeeded();
  await expect
    .poll(() => photoElement.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  const after = await boxOf(photoElement);
  expect(
    { width: after.width, height: after.height },
    `${where}: the box did not change as the photo arrived`,
  ).toEqual({ width: before.width, height: before.height });
  expect(after.currentSrc, where).toBe(photo.url);
  if (photo.stored) {
    expect([after.naturalWidth, after.naturalHeight], where).toEqual([
      photo.stored.width,
      photo.stored.height,
    ]);
  }
  const drawn = drawnSize(after);
  const within = (size: number, of: number) => Math.abs(size - of) <= 1;
  if (!photo.stored) {
    // Unknown shape: nothing is cut off; the picture spans the box one way and fits the other.
    expect(drawn.width <= after.width + 1 && drawn.height <= after.height + 1, where).toBe(true);
    expect(within(drawn.width, after.width) || within(drawn.height, after.height), where).toBe(
      true,
    );
    return;
  }
  // The picture covers the box, and inside the bounds it is not cropped either.
  const drawnText = `${where}: drawn ${drawn.width}×${drawn.height} in ${after.width}×${after.height}`;
  expect(drawn.width >= after.width - 1 && drawn.height >= after.height - 1, drawnText).toBe(true);
  if (photo.frameRatio === photo.stored.width / photo.stored.height) {
    expect(within(drawn.width, after.width) && within(drawn.height, after.height), drawnText).toBe(
      true,
    );
  }
  await expectCorners(photoElement, LEFT, RIGHT, where);
}

/** Measures every photo of the page before and after load; `prepare` renders them all. */
async function checkPage(
  page: Page,
  path: string,
  photos: PostedPhoto[],
  where: string,
  prepare: () => Promise<void> = async () => {},
) {
  const gate = await holdPostPhotos(page);
  await page.goto(path);
  await prepare();
  const befores: Box[] = [];
  for (const photo of photos) {
    const element = photoIn(page, photo.caption);
    await expect(element, `${where}: ${photo.caption}`).toBeAttached();
    const before = await boxOf(element);
    expectFrame(before, photo, `${where}, ${photo.caption}`);
    befores.push(before);
  }
  await gate.release();
  for (const [index, photo] of photos.entries()) {
    await expectDrawn(
      photoIn(page, photo.caption),
      befores[index]!,
      photo,
      `${where}, ${photo.caption}`,
    );
  }
  await gate.dispose();
}

async function postPhoto(page: Page, admin: FirestoreAdmin, author: Member, shape: Shape) {
  const caption = `${shape.label} ${shape.width}×${shape.height} ${randomUUID().slice(0, 4)}`;
  await page.getByLabel("What's on your mind?").fill(caption);
  await page.getByLabel('Photos', { exact: true }).setInputFiles({
    name: `${shape.label}.jpg`,
    mimeType: 'image/jpeg',
    buffer: phoneJpeg({ ...shape, left: LEFT, right: RIGHT, orientation: 1 }),
  });
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  let post: Record<string, unknown> = {};
  await expect(async () => {
    const posts = await admin.list('posts', { field: 'uid', equals: author.uid });
    const match = posts.find((entry) => entry.data.postCaption === caption);
    expect(match).toBeDefined();
    post = match!.data;
  }).toPass({ timeout: 30_000 });
  const stored = { width: post.postImageWidth as number, height: post.postImageHeight as number };
  return {
    caption,
    postId: post.postId as string,
    url: post.postImage as string,
    stored,
    frameRatio: clampRatio(stored.width / stored.height),
  } satisfies PostedPhoto;
}

/** A post written as posts were before their photo's size was stored. */
async function postWithoutSize(
  admin: FirestoreAdmin,
  author: Member,
  url: string,
): Promise<PostedPhoto> {
  const postId = `e2e-${randomUUID()}`;
  const caption = `older post ${postId.slice(-4)}`;
  await admin.write([
    {
      path: `posts/${postId}`,
      data: {
        postImage: url,
        postCaption: caption,
        uid: author.uid,
        postId,
        followers: [author.uid],
        likes: [],
      },
      serverTime: ['createdAt'],
    },
  ]);
  return { caption, postId, url, stored: null, frameRatio: 4 / 3 };
}

test.describe('post photos fill their frame', () => {
  test('landscape, portrait, square and out-of-bounds photos in the feed, on /post/{id} and on the profile, at 390 and 1280 px', async ({
    page,
    members,
    admin,
  }) => {
    test.setTimeout(300_000);
    const ann = await members.create({ username: 'Frame Ann' });
    await signIn(page, ann);
    const photos: PostedPhoto[] = [];
    for (const shape of SHAPES) photos.push(await postPhoto(page, admin, ann, shape));
    photos.push(await postWithoutSize(admin, ann, photos[0]!.url));

    // The shapes as stored: the panorama was reduced to the display size; the rest kept theirs.
    expect(photos.map((photo) => photo.stored)).toEqual([
      { width: 1080, height: 810 },
      { width: 864, height: 1080 },
      { width: 900, height: 900 },
      { width: 540, height: 1080 },
      { width: 1080, height: 360 },
      null,
    ]);

    for (const viewport of WIDTHS) {
      await page.setViewportSize(viewport);
      const at = `${viewport.width} px`;
      await checkPage(page, '/', photos, `feed at ${at}`, () =>
        scrollToEnd(page, page.getByRole('list', { name: 'Your feed' }).getByRole('article')),
      );
      await checkPage(page, `/profile/${ann.uid}`, photos, `profile at ${at}`, () =>
        scrollToEnd(page, page.getByRole('list', { name: 'Posts' }).getByRole('article')),
      );
      for (const photo of photos) {
        await checkPage(page, `/post/${photo.postId}`, [photo], `/post at ${at}`);
      }
    }
  });

  test('a photo that fails to load shows the placeholder in the same box', async ({
    page,
    members,
    admin,
  }) => {
    const ben = await members.create({ username: 'Frame Ben' });
    await signIn(page, ben);
    const photo = await postPhoto(page, admin, ben, SHAPES[1]!);
    for (const viewport of WIDTHS) {
      await page.setViewportSize(viewport);
      const gate = await holdPostPhotos(page);
      await page.goto(`/post/${photo.postId}`);
      const element = photoIn(page, photo.caption);
      const before = await boxOf(element);
      expectFrame(before, photo, `${viewport.width} px`);
      await gate.fail();
      await expect
        .poll(() => element.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);
      const after = await boxOf(element);
      expect(after.currentSrc).not.toBe(photo.url);
      expect({ width: after.width, height: after.height }).toEqual({
        width: before.width,
        height: before.height,
      });
      // The placeholder's grey fills the frame (the whole placeholder inside it, not cropped).
      expect(after.objectFit).toBe('contain');
      await expectCorners(element, PLACEHOLDER_GREY, PLACEHOLDER_GREY, `${viewport.width} px`);
      await gate.dispose();
    }
  });
});
