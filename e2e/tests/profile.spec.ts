import type { Page } from '@playwright/test';
import { test, expect, signIn } from '../fixtures';
import type { FirestoreAdmin } from '../support/firestore-rest';
import { createTextPost } from '../support/posts';

/** A real 1×1 PNG (red pixel): the uploads below go through the Storage emulator for real. */
const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** How long the profile function's fan-out may take (its first event starts its worker). */
const FAN_OUT_MS = 90_000;

async function listOf(admin: FirestoreAdmin, path: string, field: string): Promise<unknown[]> {
  const doc = await admin.get(path);
  return (doc?.data[field] as unknown[] | undefined) ?? [];
}

async function chooseOption(page: Page, label: string) {
  await page.getByRole('radio', { name: label }).check();
}

const save = (page: Page) => page.getByRole('button', { name: 'Save' }).click();
/**
 * The edit page's confirmation. A slow acknowledgement shows the "waiting to be sent" note as a
 * second status beside it (as it should), until the write is acknowledged.
 */
const confirmation = (page: Page) =>
  page.getByRole('status').filter({ hasNotText: 'waiting to be sent' });

test.describe('profile page', () => {
  test('own profile: name, placeholder picture, intro, Edit profile and no Follow', async ({
    page,
    members,
  }) => {
    const ann = await members.create({ username: 'Own Ann' });
    await signIn(page, ann);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await expect(page).toHaveURL(new RegExp(`/profile/${ann.uid}$`));

    await expect(page.getByRole('heading', { level: 1, name: 'Own Ann' })).toBeVisible();
    await expect(page.getByRole('img', { name: "Own Ann's profile picture" })).toHaveAttribute(
      'src',
      /\.svg$|^data:/,
    );
    const intro = page.getByRole('region', { name: 'Intro' });
    await expect(intro.getByRole('term')).toHaveText(['From', 'Lives in', 'Date of birth']);
    await expect(page.getByRole('button', { name: /^Follow/ })).toHaveCount(0);
    await expect(page.getByText('No Posts')).toBeVisible();

    await page.getByRole('link', { name: 'Edit profile' }).click();
    await expect(page).toHaveURL(/\/edit-profile$/);
    await expect(page.getByRole('heading', { name: 'Edit profile' })).toBeVisible();
  });

  test("another member's profile shows their posts and a Follow toggle", async ({
    page,
    members,
    admin,
  }) => {
    const [ann, bob] = await Promise.all([
      members.create({ username: 'Viewer Ann' }),
      members.create({ username: 'Poster Bob' }),
    ]);
    await createTextPost(admin, bob, 'Bob first post');
    await createTextPost(admin, bob, 'Bob second post');
    await signIn(page, ann);
    await page.goto(`/profile/${bob.uid}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Poster Bob' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Edit profile' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Follow', exact: true })).toBeVisible();
    const posts = page.getByRole('list', { name: 'Posts' });
    await expect(posts.getByText('Bob second post')).toBeVisible();
    await expect(posts.getByText('Bob first post')).toBeVisible();
  });

  test('an unknown member id replaces the URL with /404', async ({ page, members }) => {
    await signIn(page, await members.create());
    await page.goto('/profile/no-such-member');
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByRole('heading', { name: 'PAGE NOT FOUND' })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL((url) => url.pathname === '/');
  });
});

test.describe('follow and unfollow', () => {
  test('a follow shows at once, and the function fans it out to every post and the feed; unfollow reverses all three', async ({
    page,
    members,
    admin,
  }) => {
    const [ann, bob] = await Promise.all([
      members.create({ username: 'Follower Ann' }),
      members.create({ username: 'Followed Bob' }),
    ]);
    const postIds = [
      await createTextPost(admin, bob, 'Bob says one'),
      await createTextPost(admin, bob, 'Bob says two'),
    ];
    await signIn(page, ann);
    await expect(page.getByText('No Posts')).toBeVisible();

    await page.goto(`/profile/${bob.uid}`);
    const follow = page.getByRole('button', { name: 'Follow', exact: true });
    // A double click does one thing: the member ends up following, once.
    await follow.dblclick();
    const followed = page.getByRole('button', { name: 'Followed' });
    await expect(followed).toBeVisible();
    await expect(followed).toHaveAttribute('aria-pressed', 'true');
    await expect(followed).toBeEnabled();

    // The browser wrote one edge; the profile's function fills the lists and the posts.
    expect((await admin.get(`follows/${ann.uid}_${bob.uid}`))?.data).toMatchObject({
      follower: ann.uid,
      target: bob.uid,
    });
    const fannedOut = { timeout: FAN_OUT_MS };
    for (const postId of postIds) {
      await expect
        .poll(() => listOf(admin, `posts/${postId}`, 'followers'), fannedOut)
        .toEqual([bob.uid, ann.uid]);
    }
    expect(await listOf(admin, `Followers/${bob.uid}`, 'Followers')).toEqual([ann.uid]);
    expect(await listOf(admin, `Following/${ann.uid}`, 'Following')).toEqual([bob.uid]);

    // The state is live from the server, so it survives a reload.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Followed' })).toBeVisible();

    await page.getByRole('link', { name: 'Socially' }).click();
    const feed = page.getByRole('main');
    await expect(feed.getByText('Bob says one')).toBeVisible();
    await expect(feed.getByText('Bob says two')).toBeVisible();

    await page.goto(`/profile/${bob.uid}`);
    await page.getByRole('button', { name: 'Followed' }).click();
    await expect(page.getByRole('button', { name: 'Follow', exact: true })).toBeEnabled();
    expect(await admin.get(`follows/${ann.uid}_${bob.uid}`)).toBeNull();
    for (const postId of postIds) {
      await expect
        .poll(() => listOf(admin, `posts/${postId}`, 'followers'), fannedOut)
        .toEqual([bob.uid]);
    }
    expect(await listOf(admin, `Followers/${bob.uid}`, 'Followers')).toEqual([]);
    expect(await listOf(admin, `Following/${ann.uid}`, 'Following')).toEqual([]);

    await page.getByRole('link', { name: 'Socially' }).click();
    await expect(page.getByText('No Posts')).toBeVisible();
    await expect(page.getByText('Bob says one')).toHaveCount(0);
  });
});

test.describe('edit profile', () => {
  test('the submit button appears only once an option is chosen', async ({ page, members }) => {
    await signIn(page, await members.create());
    await page.goto('/edit-profile');
    await expect(
      page.getByRole('group', { name: 'What would you like to change?' }).getByRole('radio'),
    ).toHaveCount(6);
    await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
    await chooseOption(page, 'Change about');
    await expect(page.getByRole('button', { name: 'Save' })).toBeVisible();
  });

  test('profile picture and cover: real PNG uploads shown in the top bar and on the profile', async ({
    page,
    members,
    admin,
  }) => {
    const ann = await members.create({ username: 'Picture Ann' });
    await signIn(page, ann);
    await page.goto('/edit-profile');

    await chooseOption(page, 'Change profile picture');
    await save(page);
    await expect(page.getByRole('alert')).toHaveText('No file has been selected');
    await page
      .getByLabel(/New profile picture/)
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG_BYTES });
    await expect(
      page.getByRole('img', { name: 'Preview of the new profile picture' }),
    ).toBeVisible();
    await save(page);
    await expect(confirmation(page)).toHaveText('Profile picture has been changed successfully');
    const stored = await admin.get(`usersData/${ann.uid}`);
    const pictures = stored!.data.profilePictures as Record<string, string | null>;
    expect(pictures.profilePicture).toMatch(new RegExp(`${ann.uid}%2Fpfps%2F`));
    const topBarAvatar = page.getByRole('button', { name: 'Account menu' }).getByRole('img');
    await expect(topBarAvatar).toHaveAttribute('src', pictures.profilePicture!);
    // The 40 px avatar loads the small size (srcset), and it decodes: a real picture came back.
    await expect
      .poll(() =>
        topBarAvatar.evaluate((img: HTMLImageElement) => img.decode().then(() => img.currentSrc)),
      )
      .toBe(pictures.profilePictureSmall);

    await chooseOption(page, 'Change cover picture');
    await page
      .getByLabel(/New cover picture/)
      .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG_BYTES });
    await save(page);
    await expect(confirmation(page)).toHaveText(
      'Profile cover picture has been changed successfully',
    );
    const cover = (
      (await admin.get(`usersData/${ann.uid}`))!.data.profilePictures as Record<string, string>
    ).profileCover!;
    expect(cover).toMatch(new RegExp(`${ann.uid}%2Fpfcovers%2F`));

    await page.goto(`/profile/${ann.uid}`);
    await expect(page.getByRole('img', { name: "Picture Ann's cover image" })).toHaveAttribute(
      'src',
      cover,
    );
    await expect(page.getByRole('img', { name: "Picture Ann's profile picture" })).toHaveAttribute(
      'src',
      pictures.profilePicture!,
    );
  });

  test('username, about, date of birth and country: messages, stored shapes, profile', async ({
    page,
    members,
    admin,
  }) => {
    const ann = await members.create({ username: 'Text Ann' });
    await signIn(page, ann);
    await page.goto('/edit-profile');

    await chooseOption(page, 'Change username');
    const username = page.getByRole('textbox', { name: /Username/ });
    await username.fill('');
    await save(page);
    await expect(page.getByRole('alert')).toHaveText("Username can't be EMPTY");
    await username.fill('x'.repeat(40));
    await expect(username).toHaveValue('x'.repeat(32));
    await username.fill('Renamed Ann');
    await save(page);
    await expect(confirmation(page)).toHaveText('Username has been changed successfully');
    await expect(
      page.getByRole('button', { name: 'Account menu' }).getByRole('img'),
    ).toHaveAttribute('alt', "Renamed Ann's picture");

    await chooseOption(page, 'Change about');
    await page.getByRole('textbox', { name: /About/ }).fill('I draw maps');
    await save(page);
    await expect(confirmation(page)).toHaveText('user " ABOUT " has been changed successfully');

    await chooseOption(page, 'Change date of birth');
    await page.getByRole('textbox', { name: 'Day' }).fill('3');
    await page.getByRole('textbox', { name: 'Month' }).fill('7');
    await save(page);
    await expect(page.getByRole('alert')).toHaveText('Please fill all input fields');
    await page.getByRole('textbox', { name: 'Year' }).fill('1990');
    await save(page);
    await expect(confirmation(page)).toHaveText('Date of birth has been changed successfully');

    await chooseOption(page, 'Change country of birth');
    await page.getByRole('combobox', { name: 'Country of birth' }).selectOption('Kenya');
    await save(page);
    await expect(confirmation(page)).toHaveText('Country of birth has been changed successfully');

    const info = (await admin.get(`usersData/${ann.uid}`))!.data.userInfo as Record<
      string,
      unknown
    >;
    expect(info).toMatchObject({
      userName: 'Renamed Ann',
      userAbout: 'I draw maps',
      dob: '3rd Jul 1990',
      From: 'Kenya',
      Lives: 'Kenya',
    });

    await page.goto(`/profile/${ann.uid}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Renamed Ann' })).toBeVisible();
    await expect(page.getByText('I draw maps')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Intro' }).getByRole('definition')).toHaveText([
      'Kenya',
      'Kenya',
      '3rd Jul 1990',
    ]);

    // An empty about removes it.
    await page.goto('/edit-profile');
    await chooseOption(page, 'Change about');
    await page.getByRole('textbox', { name: /About/ }).fill('');
    await save(page);
    await expect(confirmation(page)).toHaveText('removed successfully');
    await expect
      .poll(
        async () =>
          ((await admin.get(`usersData/${ann.uid}`))!.data.userInfo as never)['userAbout'],
      )
      .toBeNull();
  });
});
