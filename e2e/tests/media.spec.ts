/**
 * Photos are reduced in the browser before upload (docs/DATA_MODEL.md, "Image sizes"). A
 * phone-style JPEG with GPS, XMP and an orientation tag goes through the real composer and profile
 * editor in Chromium; the stored objects are read back from Storage byte for byte: no metadata in
 * any size, and upright pixels.
 */
import { MESSAGES } from '../support/messages';
import type { Page } from '@playwright/test';
import { test, expect, signIn } from '../fixtures';
import type { Member } from '../fixtures';
import { storedDraft } from '../support/draft';
import type { FirestoreAdmin } from '../support/firestore-rest';
import {
  iccProfiles,
  isSrgbProfile,
  jpegSegments,
  near,
  phoneJpeg,
  pixelAt,
} from '../support/photos';
import type { Rgb } from '../support/photos';

const RED: Rgb = [220, 30, 30];
const BLUE: Rgb = [30, 60, 220];
const GREEN: Rgb = [30, 180, 60];

/** 400×300 stored, tagged "rotate 90° clockwise": upright it is 300×400, red on top, blue below. */
const SIDEWAYS_PHOTO = phoneJpeg({
  width: 400,
  height: 300,
  left: RED,
  right: BLUE,
  orientation: 6,
});

/** Two more photos of an album: landscape and upright as stored, GPS and camera in them too. */
const MORE_PHOTOS = [
  phoneJpeg({ width: 400, height: 300, left: GREEN, right: RED, orientation: 1 }),
  phoneJpeg({ width: 300, height: 300, left: BLUE, right: GREEN, orientation: 1 }),
];

/**
 * Only the JFIF header, an sRGB colour profile (APP2, the issue allows "ICC beyond sRGB" to go),
 * tables and frame may precede the image data: no APP1 (EXIF, XMP), APP13 (IPTC), other APPn or
 * comment.
 */
const METADATA_SEGMENTS = /^(APP1|APP([3-9]|1[0-5])|COM)$/;

async function storedBytes(downloadUrl: string): Promise<Buffer> {
  const response = await fetch(downloadUrl);
  expect(response.status, downloadUrl).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

/** No metadata segment, no trace of the GPS position or the camera, and the JPEG decodes. */
function expectNoMetadata(bytes: Buffer, label: string) {
  const segments = jpegSegments(bytes);
  expect(
    segments.filter((name) => METADATA_SEGMENTS.test(name)),
    label,
  ).toEqual([]);
  const text = bytes.toString('latin1');
  for (const trace of ['Exif', 'PhoneMaker', 'Phone 15', 'xmpmeta', 'ns.adobe.com', 'GPS']) {
    expect(text.includes(trace), `${label} carries ${trace}`).toBe(false);
  }
  for (const profile of iccProfiles(bytes)) {
    expect(isSrgbProfile(profile), `${label} colour profile is sRGB`).toBe(true);
  }
}

/** Red in the upper part and blue in the lower part, centred: the photo stands upright. */
function expectUpright(bytes: Buffer, size: { width: number; height: number }, label: string) {
  const top = pixelAt(bytes, Math.floor(size.width / 2), Math.floor(size.height * 0.1));
  const bottom = pixelAt(bytes, Math.floor(size.width / 2), Math.floor(size.height * 0.9));
  expect([top.width, top.height], `${label} size`).toEqual([size.width, size.height]);
  expect(near(top.rgb, RED), `${label} top is ${top.rgb.join(',')}`).toBe(true);
  expect(near(bottom.rgb, BLUE), `${label} bottom is ${bottom.rgb.join(',')}`).toBe(true);
}

async function onlyPostOf(admin: FirestoreAdmin, author: Member) {
  let post: Record<string, unknown> = {};
  await expect(async () => {
    const posts = await admin.list('posts', { field: 'uid', equals: author.uid });
    expect(posts).toHaveLength(1);
    post = posts[0]!.data;
  }).toPass();
  return post;
}

async function storedPictures(admin: FirestoreAdmin, member: Member) {
  const doc = await admin.get(`usersData/${member.uid}`);
  return doc!.data.profilePictures as Record<string, string>;
}

/** The descriptions of the composer's draft kept in the page's IndexedDB, or null for none. */
async function storedDraftAlts(page: Page, uid: string): Promise<string[] | null> {
  const draft = await storedDraft(page, uid);
  return draft ? draft.photos.map((photo) => photo.alt) : null;
}

const photoInput = (page: Page) => page.getByLabel('Photos', { exact: true });

/** A post's `photos` as the admin reads it. */
type PhotoLists = Record<string, unknown[]>;

test.describe('photos are made safe and small in the browser', () => {
  test('three phone photos posted from the composer: upright, every size without metadata, a carousel and the viewer across them, all sizes deleted with the post', async ({
    stack,
    page,
    members,
    admin,
  }) => {
    const ann = await members.create({ username: 'Photo Ann' });
    await signIn(page, ann);
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url()));

    // Three chosen at once, then put in order: the sideways photo first.
    await photoInput(page).setInputFiles(
      [...MORE_PHOTOS, SIDEWAYS_PHOTO].map((buffer, n) => ({
        name: `IMG_000${n + 1}.jpg`,
        mimeType: 'image/jpeg',
        buffer,
      })),
    );
    await page.getByRole('button', { name: 'Move photo 3 earlier' }).click();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Photo moved to position 1 of 3.')).toBeAttached();
    await page.getByLabel('Photo 2 description (alt text)').fill('A green field');
    // The draft survives a reload: the photos in their order, their descriptions.
    const previewWidths = () =>
      page
        .getByRole('list', { name: 'Chosen photos' })
        .getByRole('img')
        .evaluateAll((images) => images.map((image) => (image as HTMLImageElement).naturalWidth));
    await expect.poll(previewWidths).not.toContain(0);
    const beforeReload = await previewWidths();
    expect(beforeReload).toHaveLength(3);
    // Kept a moment after the last change: reload once it is.
    await expect.poll(() => storedDraftAlts(page, ann.uid)).toEqual(['', 'A green field', '']);
    await page.reload();
    await expect(page.getByText('Your draft is back, as you left it.')).toBeVisible();
    await expect(page.getByLabel('Photo 2 description (alt text)')).toHaveValue('A green field');
    await expect.poll(previewWidths).toEqual(beforeReload);
    await page.getByRole('button', { name: 'Post', exact: true }).click();
    await expect(page.getByText(MESSAGES.postCreated)).toBeVisible();
    // Posted, the draft is gone from the browser's IndexedDB.
    await expect.poll(() => storedDraftAlts(page, ann.uid)).toBeNull();
    // The photo was processed off the main thread.
    expect(workers.some((url) => url.startsWith('blob:'))).toBe(true);

    const post = await onlyPostOf(admin, ann);
    expect(post.postImage).toMatch(new RegExp(`/o/${ann.uid}%2Fposts%2F[^?]+\\.jpg\\?alt=media`));
    expect(post.postThumbnail).toMatch(
      new RegExp(`/o/${ann.uid}%2Fposts%2F[^?]+-thumbnail\\.jpg\\?alt=media`),
    );
    expect([post.postImageWidth, post.postImageHeight]).toEqual([300, 400]);
    const entry = (await admin.get(`explorePosts/${post.postId as string}`))!.data;
    expect(entry.postThumbnail).toBe(post.postThumbnail);
    expect(entry.photoCount).toBe(3);
    const photos = post.photos as PhotoLists;
    expect(photos).toMatchObject({
      widths: [300, 400, 300],
      heights: [400, 300, 300],
      alts: [null, 'A green field', null],
    });
    expect(photos.images![0]).toBe(post.postImage);
    expect(photos.thumbnails![0]).toBe(post.postThumbnail);
    const storedFiles = [...photos.images!, ...photos.thumbnails!] as string[];
    expect(new Set(storedFiles).size).toBe(6);
    for (const [n, url] of storedFiles.entries()) {
      expect(url).toMatch(new RegExp(`/o/${ann.uid}%2Fposts%2F[^?]+\\.jpg\\?alt=media`));
      expectNoMetadata(await storedBytes(url), `stored size ${n}`);
    }

    const display = await storedBytes(post.postImage as string);
    const thumbnail = await storedBytes(post.postThumbnail as string);
    expect(SIDEWAYS_PHOTO.toString('latin1')).toContain('PhoneMaker');
    expectNoMetadata(display, 'display size');
    expectNoMetadata(thumbnail, 'thumbnail');
    expectUpright(display, { width: 300, height: 400 }, 'display size');
    // The centre square of the upright photo, never enlarged: 300×300, red above, blue below.
    expectUpright(thumbnail, { width: 300, height: 300 }, 'thumbnail');

    // The feed shows the display size in a box of its own shape; explore loads the thumbnail.
    const photo = page.getByRole('img', { name: 'Photo', exact: true });
    await expect(photo).toHaveAttribute('src', post.postImage as string);
    await expect(photo).toHaveAttribute('fetchpriority', 'high');
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalHeight)).toBe(400);

    // The carousel: the arrow buttons and keys step through the photos, each announced; the
    // viewer opens at the photo shown and moves on from there.
    const carousel = page.getByRole('region', { name: 'Photos, 3' });
    const frameHeight = await carousel.evaluate((region) => region.getBoundingClientRect().height);
    await carousel.getByRole('button', { name: 'Next photo' }).click();
    await expect(carousel.getByText('Photo 2 of 3')).toBeAttached();
    await page.keyboard.press('ArrowRight');
    await expect(carousel.getByRole('img', { name: 'Photo 3 of 3' })).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    const second = carousel.getByRole('img', { name: 'A green field' });
    await expect(second).toBeInViewport({ ratio: 0.9 });
    await expect(second).toHaveAttribute('src', photos.images![1] as string);
    // Every photo fills the first one's frame: stepping along moves nothing on the page.
    expect(await carousel.evaluate((region) => region.getBoundingClientRect().height)).toBe(
      frameHeight,
    );
    await second.click();
    const viewer = page.getByRole('dialog', { name: 'Full-size photo' });
    await expect(viewer.getByRole('img', { name: 'A green field' })).toBeVisible();
    await expect(viewer.getByText('Photo 2 of 3')).toBeVisible();
    await viewer.getByRole('button', { name: 'Next photo' }).click();
    await expect(viewer.getByRole('img', { name: 'Photo 3 of 3' })).toHaveAttribute(
      'src',
      photos.images![2] as string,
    );
    await page.keyboard.press('Escape');
    await expect(viewer).toHaveCount(0);
    // Closed on the third photo: the carousel shows it, says so, and the focus is on it.
    const third = carousel.getByRole('button', { name: 'Photo 3 of 3' });
    await expect(third).toBeFocused();
    await expect(third).toBeInViewport({ ratio: 0.9 });
    await expect(carousel.locator('[aria-live]')).toHaveText('Photo 3 of 3');

    // The author corrects the second photo's description from the post's menu: the carousel
    // gives that photo the new words, and the history keeps what every photo said before.
    await page.getByRole('button', { name: 'Post options' }).click();
    await page.getByRole('menuitem', { name: 'Edit caption and descriptions' }).click();
    const editForm = page.getByRole('form', { name: 'Edit post' });
    await editForm.getByLabel('Photo 2 description (alt text)').fill('A green field at dawn');
    await editForm.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(MESSAGES.editSaved)).toBeVisible();
    await expect(carousel.locator('img[alt="A green field at dawn"]')).toHaveAttribute(
      'src',
      photos.images![1] as string,
    );
    await page.getByRole('button', { name: /^Edited/ }).click();
    await expect(
      page.getByRole('region', { name: 'Earlier versions' }).getByRole('listitem').nth(2),
    ).toHaveText('Photo 2 description: A green field');
    expect(
      ((await admin.get(`posts/${post.postId as string}`))!.data.photos as PhotoLists).alts,
    ).toEqual([null, 'A green field at dawn', null]);

    await page.goto('/explore');
    // Other specs post photos too (explore is everyone's): this member's tile, by its name.
    const tile = page
      .getByRole('list', { name: 'Photo posts' })
      .getByRole('img', { name: 'Photo by Photo Ann' });
    await expect(tile).toHaveAttribute('src', post.postThumbnail as string);
    await expect
      .poll(() => tile.evaluate((img: HTMLImageElement) => img.currentSrc))
      .toBe(post.postThumbnail);
    // Marked as a post of several photos, which its link says.
    await expect(
      page.getByRole('link', { name: 'Photo by Photo Ann 3 photos' }).getByRole('img', {
        name: '3 photos',
      }),
    ).toBeVisible();

    // Deleting the post deletes every size of every photo.
    await page.goto('/');
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('button', { name: 'Delete post' }).click();
    await expect(page.getByText(MESSAGES.noPosts)).toBeVisible();
    for (const url of storedFiles) {
      // Read with the emulators' owner token: a member's read of a missing file is refused (403).
      const { pathname } = new URL(url);
      await expect
        .poll(async () => {
          const response = await fetch(`${stack.storageUrl}${pathname}`, {
            headers: { Authorization: 'Firebase owner' },
          });
          return response.status;
        })
        .toBe(404);
    }
  });

  test('a phone photo as profile picture and cover: upright, no metadata, the small size in the top bar', async ({
    page,
    members,
    admin,
  }) => {
    const ben = await members.create({ username: 'Picture Ben' });
    await signIn(page, ben);
    await page.goto('/edit-profile');
    await page.getByRole('radio', { name: 'Change profile picture' }).check();
    await page.getByLabel(/New profile picture/).setInputFiles({
      name: 'me.jpg',
      mimeType: 'image/jpeg',
      buffer: SIDEWAYS_PHOTO,
    });
    await page.getByRole('button', { name: 'Save' }).click();
    // The stored outcome, not the 3-second message (profile.spec.ts checks that), so a busy
    // machine cannot miss it.
    await expect
      .poll(() => storedPictures(admin, ben), { timeout: 30_000 })
      .toHaveProperty('profilePictureSmall', expect.stringContaining('-small.jpg'));
    await page.getByRole('radio', { name: 'Change cover picture' }).check();
    await page.getByLabel(/New cover picture/).setInputFiles({
      name: 'cover.jpg',
      mimeType: 'image/jpeg',
      buffer: SIDEWAYS_PHOTO,
    });
    await page.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => storedPictures(admin, ben), { timeout: 30_000 })
      .toHaveProperty('profileCover', expect.stringContaining('%2Fpfcovers%2F'));

    const pictures = await storedPictures(admin, ben);
    expect(pictures.profilePictureSmall).toMatch(
      new RegExp(`${ben.uid}%2Fpfps%2F[^?]+-small\\.jpg`),
    );
    const sizes: Array<[string, { width: number; height: number }]> = [
      [pictures.profilePicture!, { width: 256, height: 256 }],
      [pictures.profilePictureSmall!, { width: 96, height: 96 }],
      [pictures.profileCover!, { width: 300, height: 400 }],
    ];
    for (const [url, size] of sizes) {
      const bytes = await storedBytes(url);
      expectNoMetadata(bytes, url);
      expectUpright(bytes, size, url);
    }

    // The 40 px top-bar avatar loads the small size.
    const topBar = page.getByRole('button', { name: 'Account menu' }).getByRole('img');
    await expect
      .poll(() => topBar.evaluate((img: HTMLImageElement) => img.currentSrc))
      .toBe(pictures.profilePictureSmall);
  });

  test('a file the browser cannot decode gets a clear message and nothing is uploaded', async ({
    page,
    members,
    admin,
  }) => {
    const cat = await members.create();
    await signIn(page, cat);
    await page.getByLabel("What's on your mind?").fill('Broken photo');
    await photoInput(page).setInputFiles({
      name: 'broken.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from('this is not a picture at all'),
    });
    await page.getByRole('button', { name: 'Post', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText(MESSAGES.imageUnreadable);
    await expect(page.getByAltText('Preview of the chosen photo')).toHaveCount(0);
    expect(await admin.list('posts', { field: 'uid', equals: cat.uid })).toEqual([]);
  });

  test('a broken picture shows the placeholder, not the browser’s broken-image icon', async ({
    page,
    members,
    admin,
  }) => {
    const dan = await members.create();
    const gone = `http://127.0.0.1:1/v0/b/x/o/${dan.uid}%2Fpfps%2Fgone.jpg?alt=media&token=t`;
    await admin.write([
      {
        path: `usersData/${dan.uid}`,
        data: {
          ...((await admin.get(`usersData/${dan.uid}`))!.data as Record<string, never>),
          profilePictures: { profilePicture: gone, profileCover: null },
        },
      },
    ]);
    await signIn(page, dan);
    const topBar = page.getByRole('button', { name: 'Account menu' }).getByRole('img');
    await expect.poll(() => topBar.evaluate((img: HTMLImageElement) => img.src)).not.toBe(gone);
    await expect
      .poll(() => topBar.evaluate((img: HTMLImageElement) => img.naturalWidth > 0))
      .toBe(true);
  });
});
