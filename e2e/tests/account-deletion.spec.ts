import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { MESSAGES } from '../support/messages';
import { expect, signIn, test } from '../fixtures';
import type { Member } from '../fixtures';
import type { FirestoreAdmin } from '../support/firestore-rest';
import type { Stack } from '../stack';

/** A real 1×1 PNG (the upload check keeps it: a picture the app could have made). */
const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const unique = (label: string) => `${label} ${randomUUID().slice(0, 6)}`;

/** Stores `name` in the Storage emulator with the emulators' owner token. */
async function storeFile(stack: Stack, name: string): Promise<void> {
  const response = await fetch(
    `${stack.storageUrl}/v0/b/${stack.storageBucket}/o?name=${encodeURIComponent(name)}`,
    {
      method: 'POST',
      headers: { Authorization: 'Firebase owner', 'Content-Type': 'image/png' },
      body: ONE_PIXEL_PNG,
    },
  );
  expect(response.status).toBe(200);
}

/** Objects under `prefix` in the Storage emulator, listed with the emulators' owner token. */
async function storedObjects(stack: Stack, prefix: string): Promise<string[]> {
  const response = await fetch(
    `${stack.storageUrl}/v0/b/${stack.storageBucket}/o?prefix=${encodeURIComponent(prefix)}`,
    { headers: { Authorization: 'Firebase owner' } },
  );
  expect(response.status).toBe(200);
  const body = (await response.json()) as { items?: Array<{ name: string }> };
  return (body.items ?? []).map((item) => item.name);
}

/** Whether the Auth emulator still signs the member in. */
async function canSignIn(stack: Stack, member: Member): Promise<boolean> {
  const response = await fetch(
    `${stack.authUrl}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${stack.apiKey}`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: member.email, password: member.password }),
    },
  );
  return response.ok;
}

/**
 * vic follows ola and ola follows vic; vic has a photo post that ola liked and commented on, and
 * vic liked, commented and replied on ola's post; each has an activity item of the other's.
 */
async function seedScene(stack: Stack, admin: FirestoreAdmin, vic: Member, ola: Member) {
  const vicPost = `vic-post-${randomUUID()}`;
  const olaPost = `ola-post-${randomUUID()}`;
  const olaThread = `ola-thread-${randomUUID()}`;
  const photo = `${vic.uid}/posts/${Date.now()}-dot.png`;
  await storeFile(stack, photo);
  await storeFile(stack, `${vic.uid}/pfps/${Date.now()}-me.png`);
  const post = (uid: string, postId: string, followers: string[], likes: string[]) => ({
    path: `posts/${postId}`,
    data: { postImage: null, postCaption: unique('Hello'), uid, postId, followers, likes },
    serverTime: ['createdAt'],
  });
  const comment = (id: string, postId: string, userId: string, replies: object[] = []) => ({
    path: `comments/${id}`,
    data: { comment: unique('Nice'), replies, postId, userId },
    serverTime: ['createdAt'],
  });
  const item = (recipient: string, id: string, data: object) => ({
    path: `activity/${recipient}/items/${id}`,
    data: { read: false, commentId: null, ...data },
    serverTime: ['createdAt'],
  });
  await admin.write([
    { path: `Following/${vic.uid}`, data: { Following: [ola.uid] } },
    { path: `Followers/${vic.uid}`, data: { Followers: [ola.uid] } },
    { path: `Following/${ola.uid}`, data: { Following: [vic.uid] } },
    { path: `Followers/${ola.uid}`, data: { Followers: [vic.uid] } },
    post(vic.uid, vicPost, [vic.uid, ola.uid], [ola.uid]),
    {
      path: `explorePosts/${vicPost}`,
      data: { uid: vic.uid, postId: vicPost },
      serverTime: ['createdAt'],
    },
    post(ola.uid, olaPost, [ola.uid, vic.uid], [vic.uid]),
    comment(`ola-on-vic-${randomUUID()}`, vicPost, ola.uid),
    comment(`vic-on-ola-${randomUUID()}`, olaPost, vic.uid),
    comment(olaThread, olaPost, ola.uid, [
      { reply: 'Vic replies', userId: vic.uid },
      { reply: 'Ola answers', userId: ola.uid },
    ]),
    item(ola.uid, `like_${olaPost}_${vic.uid}`, { type: 'like', actor: vic.uid, postId: olaPost }),
    item(vic.uid, `follow_${ola.uid}`, { type: 'follow', actor: ola.uid, postId: null }),
  ]);
  // The profile codebase's reply index has seen vic's reply (its trigger runs on the write).
  await expect
    .poll(() => admin.get(`repliesByMember/${vic.uid}/comments/${olaThread}`), { timeout: 60_000 })
    .not.toBeNull();
  return { vicPost, olaPost, olaThread };
}

async function openDeletion(page: Page) {
  await page.goto('/edit-profile');
  await page.getByRole('button', { name: 'Delete my account…' }).click();
}

test.describe('deleting an account', () => {
  test('the server job removes everything of the member, with the page closed, and signs out the page still open', async ({
    browser,
    stack,
    members,
    admin,
  }) => {
    test.setTimeout(180_000);
    const vic = await members.create({ username: unique('Vic') });
    const ola = await members.create({ username: unique('Ola') });
    const { vicPost, olaPost, olaThread } = await seedScene(stack, admin, vic, ola);
    expect(await storedObjects(stack, `${vic.uid}/`)).toHaveLength(2);

    // Two tabs of vic's: one deletes and is closed at once, the other stays on the profile editor.
    const context = await browser.newContext({ baseURL: stack.shellUrl });
    const deleting = await context.newPage();
    await signIn(deleting, vic);
    const watching = await context.newPage();
    await watching.goto('/edit-profile');
    await expect(watching.getByRole('button', { name: 'Delete my account…' })).toBeVisible();

    // A wrong password deletes nothing and keeps the form.
    await openDeletion(deleting);
    await deleting.getByLabel('Password').fill('not-my-password');
    await deleting.getByRole('button', { name: 'Delete my account permanently' }).click();
    await expect(
      deleting.getByRole('alert').filter({ hasText: MESSAGES.incorrectPassword }),
    ).toBeVisible();
    expect(await admin.get(`accountDeletions/${vic.uid}`)).toBeNull();

    await deleting.getByLabel('Password').fill(vic.password);
    await deleting.getByRole('button', { name: 'Delete my account permanently' }).click();
    // The job's progress, unless the job already finished (a small account on a fast backend
    // can be gone before the page shows it): then the page says so, signed out.
    const finished = deleting.getByText(MESSAGES.accountDeleted);
    await expect(
      deleting.getByRole('status').filter({ hasText: MESSAGES.deletionRunning }).or(finished),
    ).toBeVisible();
    await expect(deleting.getByRole('progressbar').or(finished)).toBeVisible();
    await deleting.close();

    // The other tab follows the job and, once it is done, lands signed out on a page that says so.
    await watching.waitForURL((url) => url.pathname === '/login', { timeout: 90_000 });
    await expect(watching.getByText(MESSAGES.accountDeleted)).toBeVisible();

    // Nothing of vic remains: documents, references in ola's, files, the sign-in. The request
    // goes last, on the write that said `done` (which the page may see first).
    await expect.poll(() => admin.get(`accountDeletions/${vic.uid}`)).toBeNull();
    for (const path of [
      `usersData/${vic.uid}`,
      `Following/${vic.uid}`,
      `Followers/${vic.uid}`,
      `posts/${vicPost}`,
      `explorePosts/${vicPost}`,
      `repliesByMember/${vic.uid}/comments/${olaThread}`,
    ]) {
      expect(await admin.get(path), path).toBeNull();
    }
    for (const [collection, field] of [
      ['posts', 'uid'],
      ['explorePosts', 'uid'],
      ['comments', 'userId'],
    ] as const) {
      expect(await admin.list(collection, { field, equals: vic.uid })).toEqual([]);
    }
    expect(await admin.list('comments', { field: 'postId', equals: vicPost })).toEqual([]);
    expect(await admin.listGroup('items', { field: 'actor', equals: vic.uid })).toEqual([]);
    expect(
      (await admin.listGroup('items')).filter((item) =>
        item.path.startsWith(`activity/${vic.uid}/`),
      ),
    ).toEqual([]);
    const thread = (await admin.get(`comments/${olaThread}`))!.data;
    expect(thread.replies).toEqual([{ reply: 'Ola answers', userId: ola.uid }]);
    const olaPostNow = (await admin.get(`posts/${olaPost}`))!.data;
    expect(olaPostNow.likes).toEqual([]);
    expect(olaPostNow.followers).toEqual([ola.uid]);
    expect((await admin.get(`Followers/${ola.uid}`))!.data.Followers).toEqual([]);
    expect((await admin.get(`Following/${ola.uid}`))!.data.Following).toEqual([]);
    expect(await storedObjects(stack, `${vic.uid}/`)).toEqual([]);
    expect(await canSignIn(stack, vic)).toBe(false);

    // Ola's own things stay.
    expect(await admin.get(`usersData/${ola.uid}`)).not.toBeNull();
    expect(thread.comment).toEqual(expect.any(String));
    expect(await canSignIn(stack, ola)).toBe(true);
    await context.close();
  });
});
