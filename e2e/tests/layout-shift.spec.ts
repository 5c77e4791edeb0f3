/**
 * Nothing moves as a page loads. A member with a picture, a cover, an about line and photo posts
 * is followed by the viewer; the viewer opens the feed, one of those posts, that member's profile,
 * their own profile and the profile of a member they do not follow, at phone and desktop widths,
 * each in a fresh tab. Chromium's layout-shift entries are summed from the first paint until the
 * page has settled (its content and the pictures in view drawn, then no new shift for a while):
 * the sum stays within the product's budget, and a failure names the elements that moved.
 */
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { test, expect, signIn, signedInPage } from '../fixtures';
import type { Member } from '../fixtures';
import type { FirestoreAdmin } from '../support/firestore-rest';
import { MESSAGES } from '../support/messages';
import {
  cumulativeLayoutShift,
  describeShifts,
  layoutShiftsOf,
  recordLayoutShifts,
  waitForLayoutToSettle,
} from '../support/layout-shift';
import { phoneJpeg } from '../support/photos';
import type { Rgb } from '../support/photos';
import { createTextPost } from '../support/posts';

/** The product's layout-shift budget (docs/PERFORMANCE.md). */
const MAX_CLS = 0.01;

const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

const WARM: Rgb = [200, 120, 60];
const COOL: Rgb = [40, 110, 190];

interface Size {
  width: number;
  height: number;
}

const photo = ({ width, height }: Size) => ({
  name: 'photo.jpg',
  mimeType: 'image/jpeg',
  buffer: phoneJpeg({ width, height, left: WARM, right: COOL, orientation: 1 }),
});

async function stored(admin: FirestoreAdmin, path: string, field: string) {
  return (await admin.get(path))?.data[field];
}

/** A profile as seeded members have one: picture, cover and about, through /edit-profile. */
async function fillProfile(page: Page, admin: FirestoreAdmin, member: Member) {
  await page.goto('/edit-profile');
  const pictures = () => stored(admin, `usersData/${member.uid}`, 'profilePictures');
  for (const [option, field, size] of [
    ['Change profile picture', 'profilePicture', { width: 600, height: 600 }],
    ['Change cover picture', 'profileCover', { width: 1500, height: 500 }],
  ] as const) {
    await page.getByRole('radio', { name: option }).check();
    await page.getByLabel(/^New (profile|cover) picture/).setInputFiles(photo(size));
    await page.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(pictures, { timeout: 30_000 })
      .toHaveProperty(field, expect.stringContaining('http'));
  }
  await page.getByRole('radio', { name: 'Change about' }).check();
  await page.getByLabel('About (leave empty to remove it)').fill('Cooks too much, shares it all.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect
    .poll(() => stored(admin, `usersData/${member.uid}`, 'userInfo'), { timeout: 30_000 })
    .toHaveProperty('userAbout', 'Cooks too much, shares it all.');
}

/** A photo post through the composer; its id once stored. */
async function postPhoto(page: Page, admin: FirestoreAdmin, author: Member, size: Size) {
  const caption = `Market day ${randomUUID().slice(0, 4)}`;
  await page.goto('/');
  await page.getByLabel("What's on your mind?").fill(caption);
  await page.getByLabel('Photos', { exact: true }).setInputFiles(photo(size));
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  let postId = '';
  await expect(async () => {
    const posts = await admin.list('posts', { field: 'uid', equals: author.uid });
    const post = posts.find((entry) => entry.data.postCaption === caption);
    expect(post?.data.postImage).toEqual(expect.stringContaining('http'));
    postId = post!.data.postId as string;
  }).toPass({ timeout: 30_000 });
  return postId;
}

interface Route {
  name: string;
  path: string;
  /** What shows once the page's content has arrived. */
  loaded: (page: Page) => Locator;
}

test.describe('layout shift as pages load', () => {
  test(`feed, post and profiles stay within CLS ${MAX_CLS} at 390 and 1280 px`, async ({
    page,
    browser,
    baseURL,
    members,
    admin,
  }) => {
    test.setTimeout(300_000);
    const [ann, bob, cy] = await Promise.all([
      members.create({ username: 'Shift Ann' }),
      members.create({ username: 'Shift Bruno' }),
      members.create({ username: 'Shift Zoe' }),
    ]);
    await createTextPost(admin, cy, 'Drawing the people on my commute.');
    const author = await signedInPage(browser, baseURL!, bob);
    await fillProfile(author.page, admin, bob);
    await postPhoto(author.page, admin, bob, { width: 1080, height: 810 });
    const postId = await postPhoto(author.page, admin, bob, { width: 864, height: 1080 });
    await author.context.close();

    await signIn(page, ann);
    await page.goto(`/profile/${bob.uid}`);
    await page.getByRole('button', { name: 'Follow', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Followed', exact: true })).toBeEnabled();
    await expect(page.getByRole('link', { name: '1 follower' })).toBeVisible();

    const posts = (scope: Page, name: string) =>
      scope.getByRole('list', { name }).getByRole('article').first();
    const profile = (member: Member) => (scope: Page) =>
      scope.getByRole('heading', { level: 1, name: member.username });
    const routes: Route[] = [
      { name: 'the feed', path: '/', loaded: (scope) => posts(scope, 'Your feed') },
      {
        name: 'a post',
        path: `/post/${postId}`,
        loaded: (scope) => scope.getByRole('article').first(),
      },
      { name: "a followed member's profile", path: `/profile/${bob.uid}`, loaded: profile(bob) },
      { name: 'their own profile', path: `/profile/${ann.uid}`, loaded: profile(ann) },
      { name: "another member's profile", path: `/profile/${cy.uid}`, loaded: profile(cy) },
    ];

    await recordLayoutShifts(page.context());
    const figures: string[] = [];
    const failures: string[] = [];
    for (const viewport of WIDTHS) {
      for (const route of routes) {
        const tab = await page.context().newPage();
        await tab.setViewportSize(viewport);
        await tab.goto(route.path);
        await expect(route.loaded(tab)).toBeVisible();
        if (route.path.startsWith('/profile/')) {
          await expect(posts(tab, 'Posts').or(tab.getByText(MESSAGES.noPosts))).toBeVisible();
        }
        await waitForLayoutToSettle(tab);
        const shifts = await layoutShiftsOf(tab);
        const cls = cumulativeLayoutShift(shifts);
        const where = `${route.name} (${route.path}) at ${viewport.width} px`;
        figures.push(
          `${where}: CLS ${cls.toFixed(4)}${cls > 0 ? `\n${describeShifts(shifts)}` : ''}`,
        );
        if (cls > MAX_CLS)
          failures.push(`${where}: CLS ${cls.toFixed(4)}\n${describeShifts(shifts)}`);
        await tab.close();
      }
    }
    console.log(figures.join('\n'));
    expect(failures.join('\n\n'), `CLS above ${MAX_CLS}`).toBe('');
  });
});
