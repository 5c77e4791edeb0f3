// `npm run bench:timeline-delay`: how long after a post its author's followers have it in their
// timelines, now that the feed's function pushes it there (docs/DATA_MODEL.md "Timelines"). The
// backend of `npm start` (in memory, the Functions emulator with every codebase of firebase.json)
// on this project's Firestore emulator, or Google's with FIRESTORE_BACKEND=google (or
// `--firestore=google`); an author with F followers (follow edges written as the app writes
// them, then the functions left to settle), and POSTS posts written one at a time with the Admin
// SDK (the trigger is the same as for a member's post). Each delay is an entry's creation time
// minus its post's write time, both the server's clock, for every follower: p50 and p99 over all
// entries of all posts, and the time to the last entry of a post. Ports: the ones the ports file
// names (FIRESTORE_EMULATOR_PORT…), else free ones. Prints one table.
import { generateKeyPairSync } from 'node:crypto';
import { cert, deleteApp, initializeApp } from 'firebase-admin/app';
import { FieldValue, initializeFirestore } from 'firebase-admin/firestore';
import { startBackend } from '../lib/backend.mjs';
import { firestoreBackendFrom } from '../lib/firestore-backend.mjs';
import { backendPortsFromEnvironment } from '../lib/ports.mjs';
import { describeMachine } from './machine.mjs';
import { percentile } from './stats.mjs';
import { authLikeUid } from './uids.mjs';

const FOLLOWERS = (process.env.BENCH_FOLLOWERS ?? '10,1000').split(',').map(Number);
const POSTS = Number(process.env.BENCH_POSTS ?? 5);
const PROJECT = 'demo-timeline-delay-bench';
const log = (line) => console.log(`[bench] ${line}`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const backendKind = firestoreBackendFrom();

/** Writes in batches of 500. */
async function writeAll(db, writes) {
  for (let start = 0; start < writes.length; start += 500) {
    const batch = db.batch();
    for (const [ref, data] of writes.slice(start, start + 500)) batch.set(ref, data);
    await batch.commit();
  }
}

/** The author, F followers signed up, and their follow edges; resolves once the lists hold them. */
async function writeScene(db, author, count) {
  const member = (uid) => ({ posts: [], userInfo: { userName: uid } });
  const followers = Array.from({ length: count }, (_, n) => authLikeUid(`${author}-f${n}`));
  const writes = [];
  for (const uid of [author, ...followers]) {
    writes.push([db.doc(`usersData/${uid}`), member(uid)]);
    writes.push([db.doc(`Following/${uid}`), { Following: [] }]);
    writes.push([db.doc(`Followers/${uid}`), { Followers: [] }]);
  }
  await writeAll(db, writes);
  await writeAll(
    db,
    followers.map((uid) => [
      db.doc(`follows/${uid}_${author}`),
      { follower: uid, target: author, createdAt: FieldValue.serverTimestamp() },
    ]),
  );
  const listed = async () => (await db.doc(`Followers/${author}`).get()).get('Followers') ?? [];
  const deadline = Date.now() + 30 * 60_000;
  while ((await listed()).length < count) {
    if (Date.now() > deadline) throw new Error(`the follows of ${author} were not listed`);
    await sleep(1000);
  }
  // The timelines' own follow events (nothing to copy yet) finish meanwhile.
  await sleep(5000);
}

/** One post and the delays of its F + 1 entries (the author's own included). */
async function postAndWait(db, author, postId, count) {
  const written = await db.doc(`posts/${postId}`).set({
    postImage: null,
    postCaption: `Post ${postId}`,
    uid: author,
    postId,
    followers: [author],
    likes: [],
    createdAt: FieldValue.serverTimestamp(),
  });
  const entries = db.collectionGroup('entries').where('postId', '==', postId);
  const deadline = Date.now() + 10 * 60_000;
  while ((await entries.count().get()).data().count < count + 1) {
    if (Date.now() > deadline) throw new Error(`${postId} did not reach every timeline`);
    await sleep(200);
  }
  const docs = (await entries.select().get()).docs;
  return docs.map((entry) => entry.createTime.toMillis() - written.writeTime.toMillis());
}

const machine = describeMachine();
log(
  `${machine.cpus} × ${machine.cpuModel}, load ${machine.load}, ${machine.date}; ${backendKind}; ${POSTS} posts each`,
);
const backendPorts = await backendPortsFromEnvironment();
const backend = await startBackend({
  projectId: PROJECT,
  ports: backendPorts,
  dataDir: null,
  quiet: true,
  firestore: backendKind,
  log: () => undefined,
});
const rows = [];
try {
  if (!backend.functionsUrl) throw new Error('the Functions emulator did not start');
  process.env.FIRESTORE_EMULATOR_HOST = `${backend.host}:${backendPorts.firestore}`;
  // A throwaway key, as the Functions emulator gives a function: the emulators check no signature.
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const credential = cert({
    projectId: PROJECT,
    clientEmail: `local@${PROJECT}.iam.gserviceaccount.com`,
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  });
  const app = initializeApp({ projectId: PROJECT, credential }, 'timeline-delay');
  // REST, as the functions reach the emulators here: the emulator serves no gRPC.
  const db = initializeFirestore(app, { preferRest: true });
  for (const count of FOLLOWERS) {
    const author = `bench-author-${count}`;
    log(`${count} followers: writing the scene…`);
    const started = Date.now();
    await writeScene(db, author, count);
    log(`  settled in ${Math.round((Date.now() - started) / 1000)} s`);
    const delays = [];
    const last = [];
    for (let n = 0; n < POSTS; n += 1) {
      const post = await postAndWait(db, author, `${author}-p${n}`, count);
      delays.push(...post);
      last.push(Math.max(...post));
    }
    rows.push(
      `| ${count.toLocaleString('en')} | ${delays.length.toLocaleString('en')} | ${Math.round(percentile(delays, 50))} ms | ${Math.round(percentile(delays, 99))} ms | ${Math.round(percentile(last, 50))} ms | ${Math.round(Math.max(...last))} ms |`,
    );
    log(rows.at(-1));
  }
  await deleteApp(app);
} finally {
  await backend.stop();
}
console.log(`
Load average at the end: ${describeMachine().load}; Firestore: ${backendKind}

| followers F | entries | post to entry p50 | p99 | post to its last entry p50 | max |
|--:|--:|--:|--:|--:|--:|
${rows.join('\n')}`);
process.exit(0);
