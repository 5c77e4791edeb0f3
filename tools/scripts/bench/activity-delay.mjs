// `npm run bench:activity-delay`: how long after a like the liked member's activity item appears,
// now that the activity team's function writes it (mfe-activity/functions). For each Firestore
// backend, the backend of `npm start` (in memory, free ports, the Functions emulator with every
// codebase firebase.json lists), and two members in headless Chromium with the real firebase
// browser SDK (the emulator's harness, pointed at this backend): the author listens to their items
// (`onSnapshot` of `activity/{author}/items`), the liker likes RUNS + 1 of the author's posts, one
// at a time. Each delay runs from the like's write being acknowledged (its edge's `setDoc` resolved, in
// the liker's page) to the item's arrival in the author's listener (in the author's page; both
// pages read the same clock). The first like is shown apart (the function's worker starts).
// Prints one table.
import { createRequire } from 'node:module';
import { loadAccountDocuments } from '../lib/account-documents.mjs';
import { startBackend } from '../lib/backend.mjs';
import { freeBackendPorts } from '../lib/ports.mjs';
import { describeMachine } from './machine.mjs';
import { percentile } from './stats.mjs';

const require = createRequire(import.meta.url);
// The harness is TypeScript; its loader compiles it on require, as for the emulator's benches.
require('emulator/harness/register-ts.cjs');
/** @type {typeof import('emulator/harness/index.ts')} */
const { startStack } = require('emulator/harness/index.ts');

const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const PROJECT = 'demo-activity-delay-bench';
const AUTHOR = 'bench-author';
const LIKER = 'bench-liker';
const log = (line) => console.log(`[bench] ${line}`);

/** The two members and the author's posts, as sign-up and the composer write them (admin). */
async function writeScene(admin, newAccountDocuments, postIds) {
  const members = [AUTHOR, LIKER].map((uid) => ({ uid, ...newAccountDocuments(uid) }));
  await admin.run(
    async (fb, scene) => {
      const f = fb.fs;
      const batch = f.writeBatch(fb.db);
      for (const member of scene.members) {
        batch.set(f.doc(fb.db, 'usersData', member.uid), member.userData);
        batch.set(f.doc(fb.db, 'Following', member.uid), member.following);
        batch.set(f.doc(fb.db, 'Followers', member.uid), member.followers);
      }
      for (const postId of scene.postIds) {
        batch.set(f.doc(fb.db, 'posts', postId), {
          postImage: null,
          postCaption: `Post ${postId}`,
          uid: scene.author,
          postId,
          followers: [scene.author],
          likes: [],
          createdAt: f.serverTimestamp(),
        });
      }
      await batch.commit();
    },
    { members, postIds, author: AUTHOR },
  );
}

async function measure(firestore) {
  const ports = await freeBackendPorts();
  const backend = await startBackend({
    projectId: PROJECT,
    ports,
    dataDir: null,
    quiet: true,
    firestore,
    log: () => undefined,
  });
  let stack = null;
  try {
    if (!backend.functionsUrl) throw new Error('the Functions emulator did not start');
    // The harness's SDK talks to the emulators these variables name (its "external" mode).
    process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${ports.firestore}`;
    process.env.FIREBASE_STORAGE_EMULATOR_HOST = `127.0.0.1:${ports.storage}`;
    stack = await startStack({ projectId: PROJECT });
    const { newAccountDocuments } = await loadAccountDocuments();
    const postIds = Array.from({ length: RUNS + 1 }, (_, n) => `bench-post-${n}`);
    await writeScene(await stack.openClient({ admin: true }), newAccountDocuments, postIds);
    const author = await stack.openClient({ uid: AUTHOR });
    const liker = await stack.openClient({ uid: LIKER });

    // The author's listener notes when each item first arrives from the server.
    await author.run(async (fb, uid) => {
      const f = fb.fs;
      const arrivals = {};
      fb.vars.arrivals = arrivals;
      await new Promise((resolve, reject) => {
        fb.vars.unsubscribe = f.onSnapshot(
          f.collection(fb.db, 'activity', uid, 'items'),
          (snapshot) => {
            const now = Date.now();
            for (const change of snapshot.docChanges())
              if (change.type === 'added') arrivals[change.doc.id] ??= now;
            resolve();
          },
          reject,
        );
      });
    }, AUTHOR);

    const delays = [];
    for (const postId of postIds) {
      const acknowledged = await liker.run(
        async (fb, { id, author: authorUid }) => {
          const f = fb.fs;
          await f.setDoc(f.doc(fb.db, 'likes', `${id}_${fb.uid}`), {
            postId: id,
            uid: fb.uid,
            author: authorUid,
            createdAt: f.serverTimestamp(),
          });
          return Date.now();
        },
        { id: postId, author: AUTHOR },
      );
      const arrived = await author.waitFor(
        (fb, id) => fb.vars.arrivals[id],
        `like_${postId}_${LIKER}`,
        300_000,
      );
      delays.push(arrived - acknowledged);
    }
    const [first, ...warm] = delays;
    return { first, warm };
  } finally {
    await stack?.stop();
    delete process.env.FIRESTORE_EMULATOR_HOST;
    delete process.env.FIREBASE_STORAGE_EMULATOR_HOST;
    await backend.stop();
  }
}

const machine = describeMachine();
log(
  `${machine.cpus} × ${machine.cpuModel}, load ${machine.load}, ${machine.date}; ${RUNS} likes after the first`,
);
const rows = [];
for (const firestore of ['emulator', 'google']) {
  log(`backend with Firestore ${firestore}…`);
  const figures = await measure(firestore);
  rows.push(
    `| ${firestore === 'google' ? "Google's" : 'ours'} | ${Math.round(figures.first)} ms | ${Math.round(percentile(figures.warm, 50))} ms | ${Math.round(percentile(figures.warm, 99))} ms | ${Math.round(Math.max(...figures.warm))} ms |`,
  );
  log(rows.at(-1));
}
console.log(`
Load average at the end: ${describeMachine().load}

| Firestore | first like to item (worker starts) | like acknowledged to item p50 (${RUNS}) | p99 | max |
|---|--:|--:|--:|--:|
${rows.join('\n')}`);
process.exit(0);
