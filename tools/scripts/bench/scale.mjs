// `npm run bench -- scale` (or `npm run bench:scale`): the social graph at size. For each scene,
// an author with F followers and P posts, seeded with the Admin SDK in the seed's shape and the new
// one (docs/DATA_MODEL.md "Follow edges", "Timelines", "Counts") while the functions' event
// triggers are off, then with them on:
// (a) a new member follows the author through the firebase Lite SDK (REST) in this process, every
//     request's body counted as follow-cost.mjs counts it: documents read and written, bytes, ms to
//     the commit, and ms until the functions' work is done (the member's timeline has the author's
//     newest posts, or lists the author in `pulled`; and the posts' `followers` fan-out);
// (b) feed pages of a follower listed in the posts' `followers`, as a client reads them: the
//     seed's `followers array-contains` query (older clients' feed) and the timeline read (the
//     timeline document's `pulled`, `timelines/{me}/entries` newest first with each entry's card,
//     the member's own newest posts and the pulled authors' newest cards, as
//     mfe-feed/src/data/timelineFeed.ts reads them): reads, bytes, p50 and p99 ms over
//     BENCH_SCALE_PAGES;
// (c) posts written one at a time (BENCH_SCALE_POSTS, 5), each once the functions' earlier runs
//     have finished (the follow's fan-out runs every post's functions, which production would not
//     queue behind a push): each entry's creation time minus the post's write time
//     (timeline-delay.mjs's method), for authors pushed (F up to the pull threshold); a pulled
//     author's posts go to no follower's timeline, which is printed instead;
// (d) the author's own profile as they read it: their member card and the first page of their post
//     cards (what every profile reads), beside their `usersData` and first page of posts (what the
//     own profile read before the cards): reads, bytes, p50 and p99 ms;
// the functions' workers started first by a follow and a post outside the scene (warm, as a
// deployed function mostly is); and an audit of every document seeded or written by the client,
// and of every document the functions wrote that the bench reads back (document-audit.mjs): size
// by Firestore's storage-size rules and index entries, flagging any over 256 KiB or 10,000
// entries (the run then exits with 1). Results: docs/PERFORMANCE.md "Scale".
// Scenes: BENCH_SCALE=F:P,F:P (default every F of 10, 1,000, 10,000, 100,000 with every P of 10,
// 1,000, 10,000); on Google's emulator (FIRESTORE_BACKEND=google) F stops at 10,000. One fresh
// in-memory backend per run (the backend of `npm start`, every functions codebase), cleared
// between scenes; the ports file's ports when sourced. Prints the tables, with ratios to the first
// scene. Not part of `npm test`: its figures are timings.
import { generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { cert, deleteApp, initializeApp as initializeAdminApp } from 'firebase-admin/app';
import { Timestamp, initializeFirestore } from 'firebase-admin/firestore';
import { loadAccountDocuments } from '../lib/account-documents.mjs';
import { ROOT, startBackend } from '../lib/backend.mjs';
import { firestoreBackendFrom } from '../lib/firestore-backend.mjs';
import { backendPortsFromEnvironment } from '../lib/ports.mjs';
import { DocumentAudit } from './document-audit.mjs';
import { meter, resetMeter, unmeteredFetch } from './fetch-meter.mjs';
import { describeMachine } from './machine.mjs';
import { percentile } from './stats.mjs';
import { authLikeUid } from './uids.mjs';

const PROJECT = 'demo-scale-bench';
const AUTHOR = 'scale-author';
const NEWCOMER = 'scale-newcomer';
/** Two members outside the scene whose follow and post start the functions' workers. */
const WARM_MEMBERS = ['scale-warm-follower', 'scale-warm-target'];
/** The bounds of the product (docs/DATA_MODEL.md): lists, the post audience, pull threshold. */
const LIST_BOUND = 2000;
const POSTS_LIST_BOUND = 5000;
const PULL_THRESHOLD = 10_000;
const FOLLOW_BACKFILL_POSTS = 20;
const BATCH = 500;
const BATCH_BYTES = 512 * 1024;
const IN_FLIGHT = 4;
const PAGES = Number(process.env.BENCH_SCALE_PAGES ?? 20);
const PAGES_BUDGET_MS = 120_000;
const DELAY_POSTS = Number(process.env.BENCH_SCALE_POSTS ?? 5);
const GOOGLE_MAX_FOLLOWERS = 10_000;
/** How long the bench waits for the functions' work before printing "> 300 s" and going on. */
const WAIT_MS = 300_000;
const FEED_SOURCE = path.join(ROOT, 'mfe-feed/src/data/timelineFeed.ts');
/** The feed's page size, read from the feed's own source so the bench pages as the feed does. */
const FEED_PAGE_SIZE = Number(
  /export const FEED_PAGE_SIZE = (\d+)/.exec(readFileSync(FEED_SOURCE, 'utf8'))?.[1],
);
/** The profile's page size, from the source of the profile's post list. */
const PROFILE_PAGE_SIZE = Number(
  /export const PROFILE_PAGE_SIZE = (\d+)/.exec(
    readFileSync(path.join(ROOT, 'mfe-feed/src/data/posts.ts'), 'utf8'),
  )?.[1],
);
const AUTHORS_PER_QUERY = Number(
  /export const AUTHORS_PER_QUERY = (\d+)/.exec(readFileSync(FEED_SOURCE, 'utf8'))?.[1],
);
const log = (line) => console.log(`[scale] ${line}`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const backendKind = firestoreBackendFrom([]);
const scenes = (
  process.env.BENCH_SCALE ??
  [10, 1000, 10_000, 100_000].flatMap((f) => [10, 1000, 10_000].map((p) => `${f}:${p}`)).join(',')
)
  .split(',')
  .map((scene) => scene.split(':').map(Number))
  .map(([followers, posts]) => ({ followers, posts }));

const lite = await import('firebase/firestore/lite');
const { initializeApp, deleteApp: deleteClientApp } = await import('firebase/app');
const metered = async (work) => {
  resetMeter();
  const started = performance.now();
  const result = await work();
  return { result, ms: performance.now() - started, ...meter };
};

function adminFirestore(host) {
  process.env.FIRESTORE_EMULATOR_HOST = host;
  // A throwaway key, as the Functions emulator gives a function: the emulators check no signature.
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const credential = cert({
    projectId: PROJECT,
    clientEmail: `local@${PROJECT}.iam.gserviceaccount.com`,
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  });
  const app = initializeAdminApp({ projectId: PROJECT, credential }, 'scale');
  // REST, as the functions reach the emulators here.
  return { app, db: initializeFirestore(app, { preferRest: true }) };
}

function clientAs(firestoreUrl, uid) {
  const app = initializeApp({ projectId: PROJECT, apiKey: 'demo' }, `${uid}-${Date.now()}`);
  const db = lite.getFirestore(app);
  const { hostname, port } = new URL(firestoreUrl);
  lite.connectFirestoreEmulator(db, hostname, Number(port), {
    mockUserToken: { user_id: uid, sub: uid },
  });
  return { app, db };
}

const { newAccountDocuments } = await loadAccountDocuments();
/** A member's `usersData` as sign-up writes it, with the counts the scene gives them. */
const member = (name, counts, extra = {}) => ({
  ...newAccountDocuments(name).userData,
  counts,
  ...extra,
});
const followerId = (n) => authLikeUid(`scale-f${n}`);
const postId = (n) => `scale-p${String(n).padStart(5, '0')}`;
const postTime = (n) => Timestamp.fromMillis(Date.UTC(2026, 0, 1) + n * 60_000);

/**
 * Writes `[path, data]` pairs in batches of 500 documents and at most BATCH_BYTES stored, several in
 * flight, each audited (500 posts of 2,001 followers would be a 16 MB request, the emulator's
 * limit).
 */
async function writeAll(db, audit, writes) {
  const batches = [[]];
  let bytes = 0;
  for (const [at, data] of writes) {
    const size = audit.add(at, data).bytes;
    if (batches.at(-1).length === BATCH || (bytes + size > BATCH_BYTES && bytes > 0)) {
      batches.push([]);
      bytes = 0;
    }
    batches.at(-1).push([at, data]);
    bytes += size;
  }
  let next = 0;
  const worker = async () => {
    while (next < batches.length) {
      const batch = db.batch();
      for (const [at, data] of batches[next++]) batch.set(db.doc(at), data);
      await batch.commit();
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
}

/**
 * The scene in both shapes: the author, F followers (their edges, lists, counts), P posts with
 * their audience to its bound, the author's pull switch above the threshold, and the timeline of
 * the first follower (whose feed is read); the other followers' timelines are left empty (the
 * post delay counts only new entries). Generated in slices so F = 100,000 never sits in memory.
 */
async function seedScene(db, audit, scene) {
  const { posts } = scene;
  const followers = seededFollowers(scene);
  const pulled = followers > PULL_THRESHOLD;
  const listed = Array.from({ length: Math.min(followers, LIST_BOUND) }, (_, n) => followerId(n));
  const postIds = Array.from({ length: posts }, (_, n) => postId(n));
  const postsListed = postIds.slice(-POSTS_LIST_BOUND);
  const author = member(
    'Author',
    { posts, postsListed: postsListed.length, followers, following: 0 },
    { posts: postsListed, ...(posts > POSTS_LIST_BOUND ? { postsComplete: false } : {}) },
  );
  await writeAll(db, audit, [
    [`usersData/${AUTHOR}`, author],
    [`memberCards/${AUTHOR}`, memberCardOf(author)],
    [
      `Followers/${AUTHOR}`,
      { Followers: listed, ...(followers > LIST_BOUND ? { complete: false } : {}) },
    ],
    [`Following/${AUTHOR}`, { Following: [] }],
    // The author's follower count as the profile's function keeps it past the list's bound (the
    // edges' marks are left out: the bench never unfollows a seeded edge).
    [
      `followCountShards/${AUTHOR}_followers_0`,
      { uid: AUTHOR, count: 'followers', n: 0, value: followers },
    ],
    [`usersData/${NEWCOMER}`, member('Newcomer', zeroCounts())],
    [`Followers/${NEWCOMER}`, { Followers: [] }],
    [`Following/${NEWCOMER}`, { Following: [] }],
    ...WARM_MEMBERS.flatMap((uid) => [
      [`usersData/${uid}`, member(uid, zeroCounts())],
      [`Followers/${uid}`, { Followers: [] }],
      [`Following/${uid}`, { Following: [] }],
    ]),
    ...(pulled
      ? [[`timelineAuthors/${AUTHOR}`, { author: AUTHOR, pulled: true, cursor: null, done: true }]]
      : []),
  ]);
  const SLICE = 10_000;
  for (let from = 0; from < followers; from += SLICE) {
    const writes = [];
    for (let n = from; n < Math.min(followers, from + SLICE); n += 1) {
      const uid = followerId(n);
      writes.push(
        [`usersData/${uid}`, member(uid, { ...zeroCounts(), following: 1 })],
        [`Followers/${uid}`, { Followers: [] }],
        [`Following/${uid}`, { Following: [AUTHOR] }],
        [
          `follows/${uid}_${AUTHOR}`,
          { follower: uid, target: AUTHOR, createdAt: Timestamp.fromMillis(Date.UTC(2025, 0, 1)) },
        ],
      );
      if (pulled) writes.push([`timelines/${uid}`, { pulled: [AUTHOR] }]);
    }
    await writeAll(db, audit, writes);
  }
  const audience = [AUTHOR, ...listed];
  for (let from = 0; from < posts; from += 1000) {
    const writes = [];
    for (let n = from; n < Math.min(posts, from + 1000); n += 1) {
      const post = postData(postIds[n], audience, postTime(n));
      writes.push([`posts/${postIds[n]}`, post], [`postCards/${postIds[n]}`, cardOf(post)]);
      if (!pulled && followers > 0)
        writes.push([
          `timelines/${followerId(0)}/entries/${postIds[n]}`,
          { postId: postIds[n], author: AUTHOR, createdAt: postTime(n) },
        ]);
    }
    await writeAll(db, audit, writes);
  }
}

/**
 * The followers seeded: one fewer than F, as the newcomer's follow is the F-th (so the scene at
 * the pull threshold stays pushed, as its author is).
 */
function seededFollowers(scene) {
  return Math.max(0, scene.followers - 1);
}

function zeroCounts() {
  return { posts: 0, postsListed: 0, followers: 0, following: 0 };
}

/** The post's card, as the feed's function copies it: the post without its two lists. */
function cardOf(post) {
  return Object.fromEntries(
    Object.entries(post).filter(([field]) => field !== 'followers' && field !== 'likes'),
  );
}

/** The member's card, as the profile's function copies it: `usersData` without its two lists. */
function memberCardOf(data) {
  const card = Object.entries(data).filter(
    ([field]) => field !== 'posts' && field !== 'connections',
  );
  return { ...Object.fromEntries(card), postsListLength: data.posts.length };
}

function postData(id, audience, createdAt, author = AUTHOR) {
  return {
    postImage: null,
    postCaption: `Post ${id} of the scale bench's author, a caption of ordinary length.`,
    uid: author,
    postId: id,
    followers: audience,
    likes: [],
    createdAt,
    counts: { likes: 0, comments: 0 },
  };
}

/**
 * Starts the workers of the functions measured, outside the scene: each function's first run
 * starts a worker process (seconds here, tens of seconds under load), which a member's follow or
 * post pays only after a deploy or an idle spell. One follow and one post between two members.
 */
async function warmUp(db) {
  const [follower, target] = WARM_MEMBERS;
  const createdAt = Timestamp.now();
  await db.doc(`follows/${follower}_${target}`).set({ follower, target, createdAt });
  const post = 'scale-warm-post';
  await db.doc(`posts/${post}`).set(postData(post, [target], createdAt, target));
  const done = async (at) => (await db.doc(at).get()).get('done') === true;
  await Promise.all([
    waitFor('the warm-up follow', () => done(`followFanouts/${follower}_${target}`), WAIT_MS),
    waitFor('the warm-up post', () => done(`timelineFanouts/${post}`), WAIT_MS),
  ]);
}

/** Runs one step of a scene and says how long it took, so a long scene shows where it is. */
async function step(label, name, work) {
  const started = Date.now();
  const result = await work();
  log(`${label}: ${name} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

/**
 * The functions' runs begun and finished, counted from the Functions emulator's lines: a follow's
 * fan-out updates every post of the author, and each update runs the post's functions, which on
 * two cores keep a later post's push waiting where production runs them on their own instances.
 */
const executions = { begun: 0, finished: 0, lastAt: Date.now() };
function countExecution(line) {
  if (line.includes('Beginning execution of "')) executions.begun += 1;
  else if (/Finished ".*" in /.test(line)) executions.finished += 1;
  else return;
  executions.lastAt = Date.now();
}

/** Waits until no function has run for a second and every run begun has finished; its ms. */
async function functionsSettled() {
  const started = Date.now();
  const quiet = () =>
    executions.begun === executions.finished && Date.now() - executions.lastAt >= 1000;
  await waitFor('the functions to settle', async () => quiet(), WAIT_MS);
  return Date.now() - started;
}

async function waitFor(what, check, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) {
      log(`  gave up waiting for ${what} after ${timeoutMs / 1000} s`);
      return false;
    }
    await sleep(100);
  }
}

/** (a) The newcomer's follow: the client's one commit, then the functions' work. */
async function measureFollow(db, firestoreUrl, scene) {
  const pulled = seededFollowers(scene) > PULL_THRESHOLD;
  const client = clientAs(firestoreUrl, NEWCOMER);
  const started = performance.now();
  const follow = await metered(async () => {
    const batch = lite.writeBatch(client.db);
    batch.set(lite.doc(client.db, 'follows', `${NEWCOMER}_${AUTHOR}`), {
      follower: NEWCOMER,
      target: AUTHOR,
      createdAt: lite.serverTimestamp(),
    });
    await batch.commit();
  });
  await deleteClientApp(client.app);
  const backfill = Math.min(scene.posts, FOLLOW_BACKFILL_POSTS);
  const timelineDone = async () => {
    if (pulled) {
      const timeline = await db.doc(`timelines/${NEWCOMER}`).get();
      return (timeline.get('pulled') ?? []).includes(AUTHOR);
    }
    const entries = db.collection(`timelines/${NEWCOMER}/entries`).where('author', '==', AUTHOR);
    return (await entries.count().get()).data().count >= backfill;
  };
  const fanOutDone = async () =>
    (await db.doc(`followFanouts/${NEWCOMER}_${AUTHOR}`).get()).get('done') === true;
  const timed = async (check) =>
    (await waitFor('the follow', check, WAIT_MS)) ? performance.now() - started : Infinity;
  const [timelineMs, fanOutMs] = await Promise.all([timed(timelineDone), timed(fanOutDone)]);
  return {
    reads: 0,
    writes: 1,
    up: follow.up,
    down: follow.down,
    commitMs: follow.ms,
    timelineMs,
    fanOutMs,
  };
}

/**
 * Pages of a query followed with `startAfter`, from the first again when it runs out; no page
 * begun after PAGES_BUDGET_MS (Google's emulator builds a query's index over the whole collection
 * for each query: with 10,000 posts of 2,001 listed followers, minutes a page).
 */
async function pages(count, readPage) {
  const figures = [];
  const started = performance.now();
  let cursor = null;
  for (let n = 0; n < count && (n === 0 || performance.now() - started < PAGES_BUDGET_MS); n += 1) {
    let page;
    try {
      page = await metered(() => readPage(cursor));
    } catch (error) {
      // The scene's other figures are still worth having: the table says the read failed.
      log(`  a page failed: ${error.message}`);
      return { ...summarize(figures), pages: figures.length, failed: error.message };
    }
    cursor = page.result.last ?? null;
    figures.push({ reads: page.result.reads, bytes: page.up + page.down, ms: page.ms });
  }
  return { ...summarize(figures), pages: figures.length };
}

/** The largest page's reads and bytes and the pages' p50 and p99 ms (none: not a number). */
function summarize(figures) {
  if (figures.length === 0) return { reads: NaN, bytes: NaN, p50: NaN, p99: NaN };
  const times = figures.map((f) => f.ms);
  return {
    reads: Math.max(...figures.map((f) => f.reads)),
    bytes: Math.max(...figures.map((f) => f.bytes)),
    p50: percentile(times, 50),
    p99: percentile(times, 99),
  };
}

/** (b) The first follower's feed: the `followers` query, and the timeline read. */
async function measureFeed(firestoreUrl) {
  const me = followerId(0);
  const client = clientAs(firestoreUrl, me);
  const { db } = client;
  const posts = lite.collection(db, 'posts');
  // As older clients' feed query and usePagedQuery page it.
  const byFollowers = await pages(PAGES, async (after) => {
    const base = [where('followers', 'array-contains', me), lite.orderBy('createdAt', 'desc')];
    const page = await lite.getDocs(
      lite.query(
        posts,
        ...base,
        ...(after ? [lite.startAfter(after)] : []),
        lite.limit(FEED_PAGE_SIZE),
      ),
    );
    return { reads: Math.max(1, page.size), last: page.docs.at(-1) };
  });
  // The timeline as mfe-feed/src/data/timelineFeed.ts reads it: the pulled authors, the entries
  // newest first and each entry's card, the member's own newest posts (`uid in [me]`), and the
  // pulled authors' newest cards (`uid in`, 30 to a query); a later page of each list continues
  // after its last item.
  const cards = lite.collection(db, 'postCards');
  const byTimeline = await pages(PAGES, async (after) => {
    const timeline = await lite.getDoc(lite.doc(db, 'timelines', me));
    const pulledAuthors = timeline.get('pulled') ?? [];
    const groups = [];
    for (let start = 0; start < pulledAuthors.length; start += AUTHORS_PER_QUERY)
      groups.push(pulledAuthors.slice(start, start + AUTHORS_PER_QUERY));
    const page = (from, authors, cursor) =>
      lite.getDocs(
        lite.query(
          from,
          where('uid', 'in', authors),
          lite.orderBy('createdAt', 'desc'),
          ...(cursor ? [lite.startAfter(cursor)] : []),
          lite.limit(FEED_PAGE_SIZE),
        ),
      );
    const [entries, own, ...pulledPages] = await Promise.all([
      lite.getDocs(
        lite.query(
          lite.collection(db, 'timelines', me, 'entries'),
          lite.orderBy('createdAt', 'desc'),
          ...(after?.entry ? [lite.startAfter(after.entry)] : []),
          lite.limit(FEED_PAGE_SIZE),
        ),
      ),
      page(posts, [me], after?.own),
      ...groups.map((authors, n) => page(cards, authors, after?.pulled?.[n])),
    ]);
    const entryCards = await Promise.all(
      entries.docs.map((entry) => lite.getDoc(lite.doc(db, 'postCards', entry.get('postId')))),
    );
    const lists = [entries, own, ...pulledPages];
    const reads =
      1 + lists.reduce((sum, read) => sum + Math.max(1, read.size), 0) + entryCards.length;
    const exhausted = lists.every((read) => read.empty);
    return {
      reads,
      last: exhausted
        ? null
        : {
            // A list read to its end keeps its cursor, so it is not read from the start again.
            entry: entries.docs.at(-1) ?? after?.entry,
            own: own.docs.at(-1) ?? after?.own,
            pulled: pulledPages.map((read, n) => read.docs.at(-1) ?? after?.pulled?.[n]),
          },
    };
  });
  await deleteClientApp(client.app);
  return { byFollowers, byTimeline };
}
const where = (...args) => lite.where(...args);

/**
 * (d) The author's own profile: the member document and the first page of their posts, newest
 * first, from the cards (as the profile reads them) and from the seed's documents (as the own
 * profile read them before).
 */
async function measureProfile(firestoreUrl) {
  const client = clientAs(firestoreUrl, AUTHOR);
  const { db } = client;
  const read = (members, posts) =>
    pages(PAGES, async () => {
      const [, page] = await Promise.all([
        lite.getDoc(lite.doc(db, members, AUTHOR)),
        lite.getDocs(
          lite.query(
            lite.collection(db, posts),
            where('uid', '==', AUTHOR),
            lite.orderBy('createdAt', 'desc'),
            lite.limit(PROFILE_PAGE_SIZE),
          ),
        ),
      ]);
      return { reads: 1 + Math.max(1, page.size), last: null };
    });
  const fromCards = await read('memberCards', 'postCards');
  const fromDocuments = await read('usersData', 'posts');
  await deleteClientApp(client.app);
  return { fromCards, fromDocuments };
}

/** (c) Posts written one at a time; each entry's creation minus the post's write, all entries. */
async function measureDelay(db, audit, scene) {
  const followers = seededFollowers(scene);
  if (followers > PULL_THRESHOLD) return null;
  const expected = followers + 2; // every follower, the newcomer, and the author's own
  const audience = [
    AUTHOR,
    ...Array.from({ length: Math.min(followers, LIST_BOUND) }, (_, n) => followerId(n)),
  ];
  const delays = [];
  const lastEntry = [];
  for (let n = 0; n < DELAY_POSTS; n += 1) {
    const settledMs = await functionsSettled();
    if (settledMs > 2000) log(`  the functions' earlier work settled in ${ms(settledMs)} ms`);
    const id = `scale-new${n}`;
    const data = postData(id, audience, Timestamp.now());
    audit.add(`posts/${id}`, data);
    const written = await db.doc(`posts/${id}`).set(data);
    const entries = db.collectionGroup('entries').where('postId', '==', id);
    const reached = await waitFor(
      `${id} in every timeline`,
      async () => (await entries.count().get()).data().count >= expected,
      WAIT_MS,
    );
    if (!reached) return { p50: Infinity, p99: Infinity, last: Infinity, entries: delays.length };
    const docs = (await entries.select().get()).docs;
    const post = docs.map((entry) => entry.createTime.toMillis() - written.writeTime.toMillis());
    delays.push(...post);
    lastEntry.push(Math.max(...post));
  }
  return {
    p50: percentile(delays, 50),
    p99: percentile(delays, 99),
    last: percentile(lastEntry, 50),
    entries: delays.length,
  };
}

/** What the functions wrote, read back and audited (the collections seeded in bulk only in part). */
async function auditWritten(db, audit) {
  const touched = [
    `usersData/${AUTHOR}`,
    `usersData/${NEWCOMER}`,
    `Followers/${AUTHOR}`,
    `Followers/${NEWCOMER}`,
    `Following/${NEWCOMER}`,
    `follows/${NEWCOMER}_${AUTHOR}`,
    `timelines/${NEWCOMER}`,
    `timelines/${followerId(0)}`,
  ];
  for (const snapshot of await db.getAll(...touched.map((at) => db.doc(at))))
    if (snapshot.exists) audit.add(snapshot.ref.path, snapshot.data());
  const newestPosts = await db
    .collection('posts')
    .where('uid', '==', AUTHOR)
    .orderBy('createdAt', 'desc')
    .limit(25)
    .get();
  for (const post of newestPosts.docs) audit.add(post.ref.path, post.data());
  // The collections the functions write besides those seeded in bulk (the emulator lists none).
  const groups = [
    ...[
      'timelineAuthors',
      'timelineFanouts',
      'followFanouts',
      'countedFollows',
      'followCountShards',
      'countedLikes',
      'likeCountShards',
      'tagDays',
      'postTags',
    ].map((id) => db.collection(id)),
    ...['entries', 'items', 'notices', 'timelineFanoutLanes'].map((id) => db.collectionGroup(id)),
  ];
  for (const group of groups)
    for (const document of (await group.get()).docs) audit.add(document.ref.path, document.data());
}

async function clearFirestore(firestoreUrl) {
  const response = await unmeteredFetch(
    `${firestoreUrl}/emulator/v1/projects/${PROJECT}/databases/(default)/documents`,
    { method: 'DELETE' },
  );
  if (!response.ok) throw new Error(`clearing Firestore failed: ${response.status}`);
}

const ms = (value) => {
  if (value === Infinity) return `> ${WAIT_MS / 1000} s`;
  return Number.isFinite(value) ? `${Math.round(value).toLocaleString('en')}` : '—';
};
const count = (value) => (Number.isFinite(value) ? value : '—');
/** A list's p99, with the number of pages when the time allowed cut them short. */
const p99Of = (list) =>
  list.failed
    ? `${list.pages > 0 ? ms(list.p99) : '—'} (page ${list.pages + 1} failed: ${list.failed})`
    : `${ms(list.p99)}${list.pages < PAGES ? ` (${list.pages} pages)` : ''}`;
const kb = (bytes) => (Number.isFinite(bytes) ? `${(bytes / 1024).toFixed(1)}` : '—');
const ratio = (value, base) =>
  Number.isFinite(value) && Number.isFinite(base) && base > 0
    ? `${(value / base).toFixed(1)}×`
    : '—';
const size = ({ followers, posts }) =>
  `${followers.toLocaleString('en')} | ${posts.toLocaleString('en')}`;
/** The tables of the scenes measured so far (printed after each, so a cut run keeps its figures). */
function printReport() {
  console.log(`
Load average now: ${describeMachine().load}; Firestore: ${backendKind}; feed page ${FEED_PAGE_SIZE} posts, ${PAGES} pages

(a) the follow (client: documents read / written, KB up / down, ms to the commit; server: ms until the
newcomer's timeline has the author's newest posts or lists them in pulled, and until the posts' followers fan-out is done)

| F | P | read | written | KB up | KB down | commit ms | timeline ms | fan-out ms |
|--:|--:|--:|--:|--:|--:|--:|--:|--:|
${results.map(({ scene, follow: f }) => `| ${size(scene)} | ${f.reads} | ${f.writes} | ${kb(f.up)} | ${kb(f.down)} | ${ms(f.commitMs)} | ${ms(f.timelineMs)} | ${ms(f.fanOutMs)} |`).join('\n')}

(b) a feed page of a listed follower: the current query (posts where followers array-contains me) and the
timeline read (timelines/{me}, its entries newest first + each entry's card, + the member's own posts, + the pulled authors' cards)

| F | P | followers query: reads | KB | p50 ms | p99 ms | timeline: reads | KB | p50 ms | p99 ms |
|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|
${results.map(({ scene, feed: { byFollowers: a, byTimeline: b } }) => `| ${size(scene)} | ${count(a.reads)} | ${kb(a.bytes)} | ${ms(a.p50)} | ${p99Of(a)} | ${count(b.reads)} | ${kb(b.bytes)} | ${ms(b.p50)} | ${p99Of(b)} |`).join('\n')}

(d) the author's own profile: member card + first ${PROFILE_PAGE_SIZE} post cards (as read now), and usersData + first ${PROFILE_PAGE_SIZE} posts (as read before)

| F | P | cards: reads | KB | p50 ms | p99 ms | documents: reads | KB | p50 ms | p99 ms |
|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|
${results.map(({ scene, profile: { fromCards: a, fromDocuments: b } }) => `| ${size(scene)} | ${count(a.reads)} | ${kb(a.bytes)} | ${ms(a.p50)} | ${p99Of(a)} | ${count(b.reads)} | ${kb(b.bytes)} | ${ms(b.p50)} | ${p99Of(b)} |`).join('\n')}

(c) a post to its followers' timelines (${DELAY_POSTS} posts, every entry)

| F | P | entries | p50 ms | p99 ms | to the last entry, p50 ms |
|--:|--:|--:|--:|--:|--:|
${results.map(({ scene, delay: d }) => (d ? `| ${size(scene)} | ${d.entries.toLocaleString('en')} | ${ms(d.p50)} | ${ms(d.p99)} | ${ms(d.last)} |` : `| ${size(scene)} | pulled: no follower's timeline is written | | | |`)).join('\n')}

Ratios to F = ${results[0]?.scene.followers}, P = ${results[0]?.scene.posts}

| F | P | follow KB down | timeline ms | followers query KB | p50 | timeline read KB | p50 | delay p50 | p99 |
|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|
${results
  .map(({ scene, follow, feed, delay }) => {
    const base = results[0];
    return `| ${size(scene)} | ${ratio(follow.down, base.follow.down)} | ${ratio(follow.timelineMs, base.follow.timelineMs)} | ${ratio(feed.byFollowers.bytes, base.feed.byFollowers.bytes)} | ${ratio(feed.byFollowers.p50, base.feed.byFollowers.p50)} | ${ratio(feed.byTimeline.bytes, base.feed.byTimeline.bytes)} | ${ratio(feed.byTimeline.p50, base.feed.byTimeline.p50)} | ${ratio(delay?.p50, base.delay?.p50)} | ${ratio(delay?.p99, base.delay?.p99)} |`;
  })
  .join('\n')}

Audit of ${audit.documents.toLocaleString('en')} documents (size by Firestore's storage-size rules; index entries with firestore.indexes.json)

| collection group | documents | largest bytes | its path | most index entries | its path |
|---|--:|--:|---|--:|---|
${audit
  .summary()
  .map(
    (g) =>
      `| ${g.group} | ${g.documents.toLocaleString('en')} | ${g.bytes.toLocaleString('en')} | ${g.bytesPath} | ${g.entries.toLocaleString('en')} | ${g.entriesPath} |`,
  )
  .join('\n')}

${audit.overBound.length === 0 ? 'No document over 256 KiB or 10,000 index entries.' : `OVER A BOUND (256 KiB or 10,000 index entries):\n${audit.overBound.map((d) => `- ${d.path}: ${d.bytes} bytes, ${d.entries} entries`).join('\n')}`}`);
}

const shown = scenes.filter(
  (scene) => backendKind !== 'google' || scene.followers <= GOOGLE_MAX_FOLLOWERS,
);
for (const scene of scenes.filter((s) => !shown.includes(s)))
  log(`F = ${scene.followers}: not run on Google's emulator (up to ${GOOGLE_MAX_FOLLOWERS})`);
const machine = describeMachine();
log(`${machine.cpus} × ${machine.cpuModel}, load ${machine.load}, ${machine.date}; ${backendKind}`);
const ports = await backendPortsFromEnvironment();
const backend = await startBackend({
  projectId: PROJECT,
  ports,
  dataDir: null,
  quiet: true,
  onFunctionsLine: countExecution,
  firestore: backendKind,
  log: () => undefined,
});
const results = [];
const indexConfig = JSON.parse(readFileSync(path.join(ROOT, 'firestore.indexes.json'), 'utf8'));
const audit = new DocumentAudit(indexConfig);
try {
  if (!backend.functionsUrl) throw new Error('the Functions emulator did not start');
  const { app, db } = adminFirestore(`${backend.host}:${ports.firestore}`);
  for (const scene of shown) {
    const label = `F = ${scene.followers.toLocaleString('en')}, P = ${scene.posts.toLocaleString('en')}`;
    await backend.setBackgroundTriggers(false);
    await clearFirestore(backend.firestoreUrl);
    await step(label, 'seeded', () => seedScene(db, audit, scene));
    // Google's emulator first sends the seeding's events, which the relay drops (minutes at
    // F = 10,000), so turning the triggers on waits for it.
    await step(label, 'triggers on', () => backend.setBackgroundTriggers(true));
    await step(label, 'warm-up', () => warmUp(db));
    const started = Date.now();
    const follow = await step(label, 'follow', () =>
      measureFollow(db, backend.firestoreUrl, scene),
    );
    const feed = await step(label, 'feed pages', () => measureFeed(backend.firestoreUrl));
    const profile = await step(label, 'profile', () => measureProfile(backend.firestoreUrl));
    const delay = await step(label, 'post delay', () => measureDelay(db, audit, scene));
    await step(label, 'audit', () => auditWritten(db, audit));
    results.push({ scene, follow, feed, profile, delay });
    log(`${label}: measured in ${Math.round((Date.now() - started) / 1000)} s`);
    log(`  ${JSON.stringify({ follow, feed, profile, delay })}`);
    printReport();
  }
  await deleteApp(app);
} finally {
  await backend.stop();
}

process.exit(audit.overBound.length === 0 ? 0 : 1);
