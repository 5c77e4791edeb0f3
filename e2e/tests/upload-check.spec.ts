/**
 * The product never shows a picture larger than the sizes it makes (docs/DATA_MODEL.md "Image
 * sizes"): storage.rules bound an upload's bytes, not its pixels, so the feed and profile teams'
 * Storage functions (mfe-feed/functions, mfe-profile/functions) read every upload's header and delete what is larger than
 * the largest size of its kind. A signed-in member uploads with the real `firebase` SDK to the
 * suite's backend, whose Functions emulator runs firebase.json's codebases and whose Storage
 * emulator sends it the finalize events; on both Firestore backends (Storage is ours on both).
 */
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, signInWithEmailAndPassword } from 'firebase/auth';
import {
  connectStorageEmulator,
  getMetadata,
  getStorage,
  ref,
  uploadBytes,
  type StorageReference,
} from 'firebase/storage';
import { IMAGE_SIZES } from 'shared-firebase/testing/imageSizes';
import { test, expect } from '../fixtures';
import type { Member } from '../fixtures';
import type { Stack } from '../stack';
import { functionsLog } from '../support/functions-log';
import { greyJpeg } from '../support/pictures';

/**
 * A function's first event starts its worker (10 s and more on the shared 2-core machine); a warm
 * one takes well under a second.
 */
const CHECK_WITHIN_MS = 90_000;

let apps: FirebaseApp[] = [];
test.afterEach(async () => {
  await Promise.all(apps.map((app) => deleteApp(app)));
  apps = [];
});

/** The member's Storage through the web SDK, signed in with their password. */
async function storageOf(stack: Stack, member: Member) {
  const app = initializeApp(
    {
      apiKey: stack.apiKey,
      projectId: stack.projectId,
      storageBucket: stack.storageBucket,
      authDomain: `${stack.projectId}.firebaseapp.com`,
    },
    `upload-check-${member.uid}`,
  );
  apps.push(app);
  const auth = getAuth(app);
  connectAuthEmulator(auth, stack.authUrl, { disableWarnings: true });
  await signInWithEmailAndPassword(auth, member.email, member.password);
  const storage = getStorage(app);
  const { hostname, port } = new URL(stack.storageUrl);
  connectStorageEmulator(storage, hostname, Number(port));
  return storage;
}

async function upload(file: StorageReference, bytes: Buffer, contentType: string) {
  await uploadBytes(file, bytes, { contentType });
}

/** `stored`, or the error code reading its metadata gives (`storage/object-not-found` once deleted). */
function stateOf(file: StorageReference): Promise<string> {
  return getMetadata(file).then(
    () => 'stored',
    (error: { code?: string }) => error.code ?? String(error),
  );
}

/** Waits until the upload check has logged its verdict on `file` (`kept` or `deleted`). */
async function expectVerdict(stack: Stack, file: StorageReference, verdict: 'kept' | 'deleted') {
  await expect
    .poll(
      () =>
        functionsLog(stack).some((line) =>
          line.includes(`upload check: ${verdict} ${file.fullPath}`),
        ),
      { timeout: CHECK_WITHIN_MS, intervals: [250] },
    )
    .toBe(true);
}

test('a 16000×16000 PNG uploaded as a post photo is deleted; a post-sized JPEG beside it stays', async ({
  stack,
  members,
}) => {
  test.setTimeout(4 * CHECK_WITHIN_MS);
  const member = await members.create();
  const storage = await storageOf(stack, member);
  const stem = `${Date.now()}-upload-check`;
  const largest = IMAGE_SIZES.post.find((size) => size.name === 'display')!;
  const photo = ref(storage, `${member.uid}/posts/${stem}.jpg`);
  const huge = ref(storage, `${member.uid}/posts/${stem}-huge.png`);

  await upload(photo, greyJpeg(largest.maxWidth, largest.maxHeight), 'image/jpeg');
  const { hugePng } = await import('../../tools/scripts/lib/huge-png.mjs');
  await upload(huge, hugePng(), 'image/png');

  // storage.rules let it through: the function deletes it.
  await expect
    .poll(() => stateOf(huge), { timeout: CHECK_WITHIN_MS, intervals: [250] })
    .toBe('storage/object-not-found');
  await expectVerdict(stack, huge, 'deleted');
  // The JPEG at the largest post size was judged too, and kept.
  await expectVerdict(stack, photo, 'kept');
  expect(await stateOf(photo)).toBe('stored');
});

test("a profile picture larger than an avatar's largest size is deleted; one at that size stays", async ({
  stack,
  members,
}) => {
  test.setTimeout(4 * CHECK_WITHIN_MS);
  const member = await members.create();
  const storage = await storageOf(stack, member);
  const stem = `${Date.now()}-upload-check`;
  const largest = IMAGE_SIZES.profilePicture.find((size) => size.name === 'display')!;
  const avatar = ref(storage, `${member.uid}/pfps/${stem}.jpg`);
  // A size the feed keeps (post photos go to 1080 px), but no avatar is made that large.
  const postSized = ref(storage, `${member.uid}/pfps/${stem}-large.jpg`);

  await upload(avatar, greyJpeg(largest.maxWidth, largest.maxHeight), 'image/jpeg');
  await upload(postSized, greyJpeg(largest.maxWidth + 1, largest.maxHeight + 1), 'image/jpeg');

  await expect
    .poll(() => stateOf(postSized), { timeout: CHECK_WITHIN_MS, intervals: [250] })
    .toBe('storage/object-not-found');
  await expectVerdict(stack, avatar, 'kept');
  expect(await stateOf(avatar)).toBe('stored');
});
