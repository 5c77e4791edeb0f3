import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { getStorage } from 'firebase-admin/storage';
import { freePort } from 'build-config/free-port.cjs';
import type { DeletionContext } from '../../../../mfe-profile/functions/src/accountDeletion/context';
import { countedFollows } from '../../../../mfe-profile/functions/src/follows/edgeCounts';
import { countedLikes } from 'shared-firebase/server';
import {
  onRequestWritten,
  runSlice,
} from '../../../../mfe-profile/functions/src/accountDeletion/job';
import {
  reconcileReplyIndex,
  repliedCommentsOf,
} from '../../../../mfe-profile/functions/src/accountDeletion/replyIndex';
import {
  BACKEND,
  startTriggerFirestore,
  throwawayCredential,
  type TriggerFirestore,
} from './backend';

// The profile codebase's account deletion job, its slices called as the trigger calls them
// (plain calls, no Functions emulator: the trigger only reads the event's round and calls
// onRequestWritten), with the Admin SDK on this emulator or Google's, this emulator's Storage and
// firebase-tools' Auth emulator. The e2e test runs the same job through the trigger and the page.

jest.setTimeout(120_000);

const PROJECT = 'demo-account-deletion-job';
const BUCKET = `${PROJECT}.appspot.com`;

interface AuthEmulator {
  start(): Promise<void>;
  stop(): Promise<void>;
}

let firestore: TriggerFirestore;
let auth: AuthEmulator;
let app: App;
let context: DeletionContext;
let db: Firestore;

beforeAll(async () => {
  // No Functions emulator listens there: nothing is registered, so nothing is delivered.
  firestore = await startTriggerFirestore({
    projectId: PROJECT,
    functionsEmulator: `127.0.0.1:${await freePort()}`,
  });
  const authPort = await freePort();
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { AuthEmulator } = require('firebase-tools/lib/emulator/auth') as {
    AuthEmulator: new (args: Record<string, unknown>) => AuthEmulator;
  };
  auth = new AuthEmulator({ projectId: PROJECT, host: '127.0.0.1', port: authPort });
  await auth.start();
  // What the Functions emulator's host gives a function's process (src/functions/host.ts): the
  // emulators' addresses, REST for Firestore, and a throwaway key so no credential is looked up.
  process.env['FIRESTORE_EMULATOR_HOST'] = `127.0.0.1:${firestore.port}`;
  process.env['FIREBASE_AUTH_EMULATOR_HOST'] = `127.0.0.1:${authPort}`;
  process.env['FIREBASE_STORAGE_EMULATOR_HOST'] = `127.0.0.1:${firestore.storagePort}`;
  process.env['FIRESTORE_PREFER_REST'] = 'true';
  process.env['METADATA_SERVER_DETECTION'] = 'none';
  const credential = throwawayCredential(PROJECT);
  app = initializeApp({ projectId: PROJECT, storageBucket: BUCKET, credential }, 'deletion-job');
  db = getFirestore(app);
  context = { db, auth: getAuth(app), bucket: getStorage(app).bucket() };
}, 300_000);

afterAll(async () => {
  if (app) await deleteApp(app);
  await auth?.stop();
  await firestore?.stop();
});

const reply = (userId: string, text: string) => ({ reply: text, userId });
const profile = (name: string, pictures: Record<string, unknown>, connections = {}) => ({
  posts: [],
  connections: { Followers: [], Following: [], ...connections },
  profilePictures: pictures,
  userInfo: { userName: name },
});

/** Writes documents as the server does (rules bypassed). */
async function put(documents: Record<string, Record<string, unknown>>): Promise<void> {
  const entries = Object.entries(documents);
  for (let start = 0; start < entries.length; start += 500) {
    const batch = db.batch();
    for (const [path, data] of entries.slice(start, start + 500)) batch.set(db.doc(path), data);
    await batch.commit();
  }
}

const exists = async (path: string) => (await db.doc(path).get()).exists;
const field = async (path: string, name: string) => (await db.doc(path).get()).get(name);

/**
 * Runs slices as each slice's progress write would trigger the next, until the job has deleted
 * its request: how many writes it took, and the request's last state (the job's counts).
 */
async function runToEnd(uid: string, budgetMs: number) {
  let slices = 0;
  let last: Record<string, unknown> | undefined;
  for (;;) {
    const request = (await db.doc(`accountDeletions/${uid}`).get()).data();
    if (request) last = request;
    if ((await onRequestWritten(context, uid, request, budgetMs)) === 'gone') break;
    if (++slices > 500) throw new Error('the job does not end');
  }
  return { slices, last };
}

/** A scene around `m` (the member leaving) with `a` and `b`, every kind of thing the job removes. */
async function seedScene(m: string, a: string, b: string): Promise<void> {
  for (const uid of [m, a, b]) {
    await context.auth.createUser({ uid, email: `${uid}@example.test`, password: 'secret-1' });
  }
  await put({
    [`usersData/${m}`]: profile('M', { profilePicture: 'http://x/m.jpg', profileCover: null }),
    [`usersData/${a}`]: profile(
      'A',
      { profilePicture: null, profileCover: null },
      { Followers: [m] },
    ),
    [`usersData/${b}`]: profile(
      'B',
      { profilePicture: null, profileCover: null },
      { Following: [m] },
    ),
    [`Following/${m}`]: { Following: [a] },
    [`Followers/${m}`]: { Followers: [b] },
    [`Following/${a}`]: { Following: [] },
    [`Followers/${a}`]: { Followers: [m] },
    [`Following/${b}`]: { Following: [m] },
    [`Followers/${b}`]: { Followers: [] },
    // The follow edges of the same two follows (the lists are the function's copy of them).
    [`follows/${m}_${a}`]: { follower: m, target: a, createdAt: new Date() },
    [`follows/${b}_${m}`]: { follower: b, target: m, createdAt: new Date() },
    // Both edges counted by the profile's function (a mark each, one in each member's shards).
    [`countedFollows/${m}_${a}`]: { follower: m, target: a },
    [`countedFollows/${b}_${m}`]: { follower: b, target: m },
    [`followCountShards/${m}_following_4`]: { uid: m, count: 'following', n: 4, value: 1 },
    [`followCountShards/${a}_followers_0`]: { uid: a, count: 'followers', n: 0, value: 1 },
    [`followCountShards/${b}_following_2`]: { uid: b, count: 'following', n: 2, value: 1 },
    [`followCountShards/${m}_followers_7`]: { uid: m, count: 'followers', n: 7, value: 1 },
    [`posts/${m}-p`]: { uid: m, postId: `${m}-p`, followers: [m, b], likes: [a] },
    [`explorePosts/${m}-p`]: { uid: m, postId: `${m}-p` },
    [`posts/${m}-p/edits/0`]: { uid: m, postCaption: 'before the edit', postImageAlt: null },
    [`posts/${a}-p`]: { uid: a, postId: `${a}-p`, followers: [a, m], likes: [m, b] },
    // The like edges of m's and b's likes of a's post (the arrays are the function's copy).
    [`likes/${a}-p_${m}`]: { postId: `${a}-p`, uid: m, author: a, createdAt: new Date() },
    [`likes/${a}-p_${b}`]: { postId: `${a}-p`, uid: b, author: a, createdAt: new Date() },
    // Both counted by the feed's function (a mark each, in the post's shards).
    [`countedLikes/${a}-p_${m}`]: { postId: `${a}-p`, uid: m },
    [`countedLikes/${a}-p_${b}`]: { postId: `${a}-p`, uid: b },
    [`likeCountShards/${a}-p_3`]: { postId: `${a}-p`, n: 3, value: 2 },
    [`comments/${b}-on-m`]: { postId: `${m}-p`, userId: b, comment: 'hi', replies: [] },
    [`comments/${m}-on-a`]: { postId: `${a}-p`, userId: m, comment: 'mine', replies: [] },
    [`comments/${a}-on-a`]: {
      postId: `${a}-p`,
      userId: a,
      comment: 'thread',
      replies: [reply(m, 'first'), reply(a, 'kept'), reply(m, 'first'), reply(m, 'second')],
    },
    [`activity/${a}/items/like_${a}-p_${m}`]: { actor: m, type: 'like' },
    [`activity/${m}/items/follow_${b}`]: { actor: b, type: 'follow' },
    [`activity/${a}/items/follow_${b}`]: { actor: b, type: 'follow' },
    [`activity/${m}/notices/follow_${b}`]: { recipient: m, told: true },
    [`bookmarks/${m}/saved/${a}-p`]: { postId: `${a}-p`, savedAt: new Date() },
    [`bookmarks/${a}/saved/${a}-p`]: { postId: `${a}-p`, savedAt: new Date() },
    // m's home timeline, and a's, which stays.
    [`timelines/${m}`]: { pulled: [b] },
    [`timelines/${m}/entries/${a}-p`]: { postId: `${a}-p`, author: a, createdAt: new Date() },
    [`timelineAuthors/${m}`]: { pulled: false },
    [`timelines/${a}/entries/${a}-p`]: { postId: `${a}-p`, author: a, createdAt: new Date() },
    // Blocks and mutes both ways, and one between the others, which stays.
    [`blocks/${m}_${a}`]: { blocker: m, blocked: a, createdAt: new Date() },
    [`blocks/${b}_${m}`]: { blocker: b, blocked: m, createdAt: new Date() },
    [`blocks/${a}_${b}`]: { blocker: a, blocked: b, createdAt: new Date() },
    [`mutes/${m}_${b}`]: { muter: m, muted: b, createdAt: new Date() },
    [`mutes/${a}_${m}`]: { muter: a, muted: m, createdAt: new Date() },
    [`mutes/${b}_${a}`]: { muter: b, muted: a, createdAt: new Date() },
  });
  // The reply index as the trigger keeps it: the thread was written with m's replies in it.
  const thread = (await db.doc(`comments/${a}-on-a`).get()).data();
  await reconcileReplyIndex(db, `${a}-on-a`, undefined, thread);
  for (const name of [
    `${m}/posts/p.jpg`,
    `${m}/posts/p-thumbnail.jpg`,
    `${m}/pfps/me.jpg`,
    `${a}/posts/a.jpg`,
  ]) {
    await context.bucket.file(name).save(Buffer.from(name), { contentType: 'image/jpeg' });
  }
}

async function expectNothingOf(m: string, a: string, b: string): Promise<void> {
  for (const path of [
    `usersData/${m}`,
    `Following/${m}`,
    `Followers/${m}`,
    `posts/${m}-p`,
    `explorePosts/${m}-p`,
    `posts/${m}-p/edits/0`,
    `comments/${b}-on-m`,
    `comments/${m}-on-a`,
    `activity/${a}/items/like_${a}-p_${m}`,
    `activity/${m}/items/follow_${b}`,
    `activity/${m}/notices/follow_${b}`,
    `bookmarks/${m}/saved/${a}-p`,
    `timelines/${m}`,
    `timelines/${m}/entries/${a}-p`,
    `timelineAuthors/${m}`,
    `accountDeletions/${m}`,
    `follows/${m}_${a}`,
    `follows/${b}_${m}`,
    `countedFollows/${m}_${a}`,
    `countedFollows/${b}_${m}`,
    `followCountShards/${m}_following_4`,
    `followCountShards/${m}_followers_7`,
    `likes/${a}-p_${m}`,
    `countedLikes/${a}-p_${m}`,
    `blocks/${m}_${a}`,
    `blocks/${b}_${m}`,
    `mutes/${m}_${b}`,
    `mutes/${a}_${m}`,
  ]) {
    expect([path, await exists(path)]).toEqual([path, false]);
  }
  // The deleted post's id is buried, so nobody creates a post under it again.
  expect(await field(`deletedPosts/${m}-p`, 'uid')).toBe(m);
  expect((await repliedCommentsOf(db, m).get()).size).toBe(0);
  expect(await field(`comments/${a}-on-a`, 'replies')).toEqual([reply(a, 'kept')]);
  expect(await field(`posts/${a}-p`, 'likes')).toEqual([b]);
  expect(await field(`posts/${a}-p`, 'followers')).toEqual([a]);
  expect(await field(`Followers/${a}`, 'Followers')).toEqual([]);
  // The others' counts lost the member's follows, each once (the shard of the mark's increment or
  // another: only their sum counts).
  expect(await countedFollows(db, a, 'followers')).toBe(0);
  expect(await countedFollows(db, b, 'following')).toBe(0);
  expect(await field(`Following/${b}`, 'Following')).toEqual([]);
  expect(await field(`usersData/${a}`, 'connections')).toEqual({ Followers: [], Following: [] });
  expect(await field(`usersData/${b}`, 'connections')).toEqual({ Followers: [], Following: [] });
  expect(await exists(`likes/${a}-p_${b}`)).toBe(true);
  // The post's like count lost the member's like once, and kept b's.
  expect(await countedLikes(db, `${a}-p`)).toBe(1);
  expect(await exists(`countedLikes/${a}-p_${b}`)).toBe(true);
  expect(await exists(`activity/${a}/items/follow_${b}`)).toBe(true);
  expect(await exists(`bookmarks/${a}/saved/${a}-p`)).toBe(true);
  expect(await exists(`timelines/${a}/entries/${a}-p`)).toBe(true);
  expect(await exists(`blocks/${a}_${b}`)).toBe(true);
  expect(await exists(`mutes/${b}_${a}`)).toBe(true);
  const [files] = await context.bucket.getFiles({ prefix: `${m}/` });
  expect(files).toEqual([]);
  const [others] = await context.bucket.getFiles({ prefix: `${a}/` });
  expect(others.map((file) => file.name)).toEqual([`${a}/posts/a.jpg`]);
  await expect(context.auth.getUser(m)).rejects.toMatchObject({ code: 'auth/user-not-found' });
  await expect(context.auth.getUser(a)).resolves.toMatchObject({ uid: a });
}

describe(`the account deletion job on the Admin SDK (${BACKEND})`, () => {
  test('one page per slice: every step, the Auth account last, then the request; nothing of the member left', async () => {
    await seedScene('m1', 'a1', 'b1');
    await put({ 'accountDeletions/m1': { startedAt: new Date() } });

    // A budget already spent when the slice starts: each slice runs exactly one page, so the job
    // runs as many resumed slices.
    const { slices, last } = await runToEnd('m1', 0);

    // At least one slice per step, the request's removal, and its deletion seen.
    expect(slices).toBeGreaterThan(14);
    // following: the edge to a1, a1 unfollowed, and m1 left two audiences (a1's post and their
    // own); followers: b1's edge, then b1; likes: m1's edge, its mark in a1's post's count (its
    // event has not run), then a1's post's array.
    expect(last).toMatchObject({
      status: 'done',
      counts: {
        pictures: 1,
        following: 4,
        followers: 2,
        likes: 3,
        comments: 1,
        posts: 1,
        saved: 1,
        timeline: 1,
        safety: 4,
      },
    });
    await expectNothingOf('m1', 'a1', 'b1');
  });

  test('a redelivered or stale event does nothing; a slice that throws leaves its round for the retry', async () => {
    await seedScene('m2', 'a2', 'b2');
    await put({ 'accountDeletions/m2': { startedAt: new Date() } });

    expect(await runSlice(context, 'm2', 0, 0)).toBe('advanced');
    // The same event again (round 0), and one from the future: nothing runs.
    expect(await runSlice(context, 'm2', 0, 0)).toBe('stale');
    expect(await runSlice(context, 'm2', 5, 0)).toBe('stale');
    expect(await field('accountDeletions/m2', 'round')).toBe(1);
    expect(await field('accountDeletions/m2', 'stepsDone')).toEqual(['pictures']);

    // Storage fails in the files step: the slice throws and the round stays for the retry.
    let round = 1;
    while ((await field('accountDeletions/m2', 'step')) !== 'files') {
      expect(await runSlice(context, 'm2', round++, 0)).toBe('advanced');
    }
    const failing: DeletionContext = {
      ...context,
      bucket: {
        getFiles: async () => {
          throw new Error('storage is down');
        },
      } as unknown as DeletionContext['bucket'],
    };
    await expect(runSlice(failing, 'm2', round, 0)).rejects.toThrow('storage is down');
    expect(await field('accountDeletions/m2', 'round')).toBe(round);

    await runToEnd('m2', 0);
    await expectNothingOf('m2', 'a2', 'b2');
    expect(await runSlice(context, 'm2', round, 0)).toBe('stale');
  });

  test('steps larger than a page run over several pages, and the counts add up', async () => {
    await context.auth.createUser({ uid: 'm3' });
    const comments: Record<string, Record<string, unknown>> = {};
    for (let i = 0; i < 520; i++) comments[`comments/m3-c${i}`] = { userId: 'm3', postId: 'x' };
    await put(comments);
    await put({ 'accountDeletions/m3': { startedAt: new Date() } });

    const { slices, last } = await runToEnd('m3', 60_000);

    expect(slices).toBe(2);
    expect(last?.['counts']).toMatchObject({ comments: 520 });
    expect((await db.collection('comments').where('userId', '==', 'm3').get()).size).toBe(0);
  });

  test('the reply index follows each thread, and a reply by a member being deleted is removed at once', async () => {
    const before = { replies: [] };
    await put({ 'comments/t1': { replies: [reply('r1', 'one'), reply('r2', 'two')] } });
    await reconcileReplyIndex(db, 't1', before, (await db.doc('comments/t1').get()).data());
    expect(await exists(`repliesByMember/r1/comments/t1`)).toBe(true);
    expect(await exists(`repliesByMember/r2/comments/t1`)).toBe(true);

    // r1's reply is removed: r1 leaves the index, r2 stays.
    const withBoth = (await db.doc('comments/t1').get()).data();
    await put({ 'comments/t1': { replies: [reply('r2', 'two')] } });
    await reconcileReplyIndex(db, 't1', withBoth, (await db.doc('comments/t1').get()).data());
    expect(await exists(`repliesByMember/r1/comments/t1`)).toBe(false);
    expect(await exists(`repliesByMember/r2/comments/t1`)).toBe(true);

    // r3 replies while their deletion runs: the reply goes, nothing is indexed.
    await put({ 'accountDeletions/r3': { startedAt: new Date() } });
    const withR2 = (await db.doc('comments/t1').get()).data();
    await put({ 'comments/t1': { replies: [reply('r2', 'two'), reply('r3', 'late')] } });
    await reconcileReplyIndex(db, 't1', withR2, (await db.doc('comments/t1').get()).data());
    expect(await field('comments/t1', 'replies')).toEqual([reply('r2', 'two')]);
    expect(await exists(`repliesByMember/r3/comments/t1`)).toBe(false);
  });
});
