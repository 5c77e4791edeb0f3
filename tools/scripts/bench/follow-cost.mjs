// `npm run bench:follow-cost`: what one follow costs the member's browser, before (the browser's
// own fan-out: read the target's lists and every post, then rewrite each post) and now (one edge
// document; the profile's function does the rest). One in-memory backend with the project's
// emulator; the target has FOLLOW_POSTS posts (500) and FOLLOW_FOLLOWERS followers (200), written
// in the seed's shape. The follower is the firebase Lite SDK (REST) in this process, its every
// request counted in bytes (bodies, as sent and received, uncompressed). "Before" runs the old
// client's reads and batches against the rules of the last commit before the edges (git), "now"
// the edge against the working tree's rules. Prints one table.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { meter, resetMeter } from './fetch-meter.mjs';

const require = createRequire(import.meta.url);
require('emulator/harness/register-ts.cjs');
/** @type {typeof import('emulator/harness/index.ts')} */
const { startStack } = require('emulator/harness/index.ts');

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** The last commit whose rules let the browser fan a follow out itself. */
const RULES_BEFORE_EDGES = '80f8e6e';
const POSTS = Number(process.env.FOLLOW_POSTS ?? 500);
const FOLLOWERS = Number(process.env.FOLLOW_FOLLOWERS ?? 200);
const PROJECT = 'demo-follow-cost';
const TARGET = 'bench-target';
const ME = 'bench-newcomer';

const lite = await import('firebase/firestore/lite');
const { initializeApp, deleteApp } = await import('firebase/app');

function clientAs(stack, token, name) {
  const app = initializeApp({ projectId: PROJECT, apiKey: 'demo' }, name);
  const db = lite.getFirestore(app);
  const { hostname, port } = new URL(stack.firestoreUrl);
  lite.connectFirestoreEmulator(db, hostname, Number(port), { mockUserToken: token });
  return { app, db };
}

const member = (name) => ({
  posts: [],
  connections: { Followers: [], Following: [] },
  profilePictures: { profilePicture: null, profileCover: null },
  userInfo: {
    From: null,
    Lives: null,
    userAbout: null,
    userAge: null,
    userName: name,
    userGender: null,
    dob: null,
  },
});

/** The target in the seed's shape: FOLLOWERS followers, each in every post's `followers`. */
async function writeScene(db) {
  const followers = Array.from({ length: FOLLOWERS }, (_, i) =>
    `bench-follower-${String(i).padStart(4, '0')}-uid-padded-to-28`.slice(0, 28),
  );
  const postIds = Array.from(
    { length: POSTS },
    (_, i) => `bench-post-${String(i).padStart(5, '0')}`,
  );
  const writes = [
    [`usersData/${TARGET}`, { ...member('Target'), posts: postIds }],
    [`usersData/${ME}`, member('Newcomer')],
    [`Followers/${TARGET}`, { Followers: followers }],
    [`Following/${TARGET}`, { Following: [] }],
    [`Followers/${ME}`, { Followers: [] }],
    [`Following/${ME}`, { Following: [] }],
    ...postIds.map((postId, i) => [
      `posts/${postId}`,
      {
        postImage: null,
        postCaption: `Post number ${i} of the bench target, a caption of ordinary length.`,
        uid: TARGET,
        postId,
        followers: [TARGET, ...followers],
        likes: [],
        createdAt: lite.Timestamp.now(),
      },
    ]),
  ];
  for (let start = 0; start < writes.length; start += 400) {
    const batch = lite.writeBatch(db);
    for (const [at, data] of writes.slice(start, start + 400)) batch.set(lite.doc(db, at), data);
    await batch.commit();
  }
}

/** The browser's follow before the edges: read, then the connection documents and every post. */
async function followBefore(db) {
  const [followers, following, posts] = await Promise.all([
    lite.getDoc(lite.doc(db, 'Followers', TARGET)),
    lite.getDoc(lite.doc(db, 'Following', ME)),
    lite.getDocs(lite.query(lite.collection(db, 'posts'), lite.where('uid', '==', TARGET))),
  ]);
  const writes = [];
  if (!followers.data().Followers.includes(ME))
    writes.push(['Followers', TARGET, { Followers: lite.arrayUnion(ME) }]);
  if (!following.data().Following.includes(TARGET))
    writes.push(['Following', ME, { Following: lite.arrayUnion(TARGET) }]);
  for (const post of posts.docs)
    if (!post.data().followers.includes(ME))
      writes.push(['posts', post.id, { followers: lite.arrayUnion(ME) }]);
  for (let start = 0; start < writes.length; start += 500) {
    const batch = lite.writeBatch(db);
    for (const [collection, id, data] of writes.slice(start, start + 500))
      batch.update(lite.doc(db, collection, id), data);
    await batch.commit();
  }
  return { reads: 2 + posts.size, writes: writes.length, commits: Math.ceil(writes.length / 500) };
}

/** The browser's follow now: one edge. */
async function followNow(db) {
  const batch = lite.writeBatch(db);
  batch.set(lite.doc(db, 'follows', `${ME}_${TARGET}`), {
    follower: ME,
    target: TARGET,
    createdAt: lite.serverTimestamp(),
  });
  await batch.commit();
  return { reads: 0, writes: 1, commits: 1 };
}

async function measure(stack, rules, follow) {
  await stack.clearFirestore();
  await stack.setFirestoreRules(rules);
  const admin = clientAs(stack, 'owner', `admin-${rules.length}`);
  await writeScene(admin.db);
  const newcomer = clientAs(stack, { user_id: ME, sub: ME }, `me-${rules.length}`);
  resetMeter();
  const started = performance.now();
  const counts = await follow(newcomer.db);
  const ms = performance.now() - started;
  const figures = { ...counts, ...meter, ms };
  await Promise.all([deleteApp(admin.app), deleteApp(newcomer.app)]);
  return figures;
}

const stack = await startStack({ projectId: PROJECT });
try {
  const rulesBefore = execFileSync('git', ['show', `${RULES_BEFORE_EDGES}:firestore.rules`], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  const rulesNow = readFileSync(path.join(ROOT, 'firestore.rules'), 'utf8');
  const before = await measure(stack, rulesBefore, followBefore);
  const now = await measure(stack, rulesNow, followNow);
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log(
    `One follow of a member with ${POSTS} posts and ${FOLLOWERS} followers, the follower's requests (Lite SDK, REST):`,
  );
  console.log(
    '| | documents read | documents written | commits | requests | downloaded | sent | ms |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const [label, f] of [
    ['before (browser fan-out)', before],
    ['now (one edge)', now],
  ])
    console.log(
      `| ${label} | ${f.reads} | ${f.writes} | ${f.commits} | ${f.requests} | ${kb(f.down)} | ${kb(f.up)} | ${f.ms.toFixed(0)} |`,
    );
  console.log(
    `Ratio: ${(before.down / now.down).toFixed(0)}× fewer bytes downloaded, ${before.writes}× fewer documents written.`,
  );
} finally {
  await stack.stop();
}
process.exit(0);
