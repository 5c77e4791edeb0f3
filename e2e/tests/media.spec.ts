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

/** 400×300 stored, tagged "rotate 90° clockwise": upright it is 300×400, red on top, blue below. */
const SIDEWAYS_PHOTO = phoneJpeg({
  width: 400,
  height: 300,
  left: RED,
  right: BLUE,
  orientation: 6,
});

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

const photoInput = (page: Page) => page.getByLabel('Photo', { exact: true });

test.describe('photos are made safe and small in the browser', () => {
  test('a phone photo posted from the composer: upright, every size without metadata, all sizes deleted with the post', async ({
    stack,
    page,
    members,
    admin,
  }) => {
    const ann = await members.create({ username: 'Photo Ann' });
    await signIn(page, ann);
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url()));

    await photoInput(page).setInputFiles({
      name: 'IMG_0001.jpg',
      mimeType: 'image/jpeg',
      buffer: SIDEWAYS_PHOTO,
    });
    await page.getByRole('button', { name: 'Post', exact: true }).click();
    await expect(page.getByText(MESSAGES.postCreated)).toBeVisible();
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
    await page.goto('/explore');
    // Other specs post photos too (explore is everyone's): this member's tile, by its name.
    const tile = page
      .getByRole('list', { name: 'Photo posts' })
      .getByRole('img', { name: 'Photo by Photo Ann' });
    await expect(tile).toHaveAttribute('src', post.postThumbnail as string);
    await expect
      .poll(() => tile.evaluate((img: HTMLImageElement) => img.currentSrc))
      .toBe(post.postThumbnail);

    // Deleting the post deletes every size.
    await page.goto('/');
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('button', { name: 'Delete post' }).click();
    await expect(page.getByText(MESSAGES.noPosts)).toBeVisible();
    for (const url of [post.postImage, post.postThumbnail] as string[]) {
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
