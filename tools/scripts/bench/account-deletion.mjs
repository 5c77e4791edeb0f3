// `npm run bench:account-deletion`: how long the profile codebase's account deletion job takes, end
// to end, for a large member, on the backend of `npm start` (in memory, free ports, the Functions
// emulator running every codebase): a member with FOLLOWERS followers (each with their
// `Following` and `usersData`), POSTS posts (each with the member and every follower in its
// `followers`, as the follow fan-out leaves them, and an explore entry), COMMENTS comments on
// other members' posts (100 of them, which the member also follows, liked and replied in), and
// FILES files. Timed from the request's creation to the request gone and the Auth account deleted
// (both polled every 100 ms). Then checks nothing of the member is left. Runs on our Firestore
// emulator, then on Google's (BENCH_BACKENDS=emulator to skip it). Prints one table.
import { performance } from 'node:perf_hooks';
import { startBackend } from '../lib/backend.mjs';
import { freeBackendPorts } from '../lib/ports.mjs';
import { signUpBenchAccount } from './bench-account.mjs';
import { describeMachine } from './machine.mjs';

const FOLLOWERS = Number(process.env.BENCH_FOLLOWERS ?? 2000);
const POSTS = Number(process.env.BENCH_POSTS ?? 500);
const COMMENTS = Number(process.env.BENCH_COMMENTS ?? 1000);
const OTHER_POSTS = 100;
const REPLIES = 100;
const FILES = 50;
const BACKENDS = (process.env.BENCH_BACKENDS ?? 'emulator,google').split(',');
const PROJECT = 'demo-account-deletion-bench';
const BUCKET = `${PROJECT}.appspot.com`;
const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const log = (line) => console.log(`[bench] ${line}`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function toValue(value) {
  if (value === null) return { nullValue: null };
  if (typeof value === 'string') return { stringValue: value };
  if (typeof value === 'number') return { integerValue: String(value) };
  if (Array.isArray(value)) return { arrayValue: { values: value.map(toValue) } };
  return { mapValue: { fields: toFields(value) } };
}
const toFields = (data) =>
  Object.fromEntries(Object.entries(data).map(([k, v]) => [k, toValue(v)]));

/** The Firestore REST API as the emulators' admin (rules bypassed). */
function firestoreAdmin(url) {
  const database = `projects/${PROJECT}/databases/(default)`;
  const call = async (method, path, body) => {
    const response = await fetch(`${url}/v1/${database}${path}`, {
      method,
      headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return text ? JSON.parse(text) : null;
  };
  return {
    /**
     * Writes `documents` ([path, data]) in commits of at most 500 writes and about 3 MB (Google's
     * emulator refuses a request over 4 MiB; a post with 2,001 followers is about 60 KB).
     */
    async write(documents) {
      let writes = [];
      let bytes = 0;
      const flush = async () => {
        if (writes.length > 0) await call('POST', '/documents:commit', { writes });
        writes = [];
        bytes = 0;
      };
      for (const [path, data] of documents) {
        const write = { update: { name: `${database}/documents/${path}`, fields: toFields(data) } };
        const size = JSON.stringify(write).length;
        if (writes.length === 500 || bytes + size > 3_000_000) await flush();
        writes.push(write);
        bytes += size;
      }
      await flush();
    },
    async get(path) {
      const [result] = await call('POST', '/documents:batchGet', {
        documents: [`${database}/documents/${path}`],
      });
      return result?.found ?? null;
    },
    /** How many documents of `collection` (any depth with `group`) have `field == value`. */
    async count(collection, field, value, group = false) {
      const rows = await call('POST', '/documents:runQuery', {
        structuredQuery: {
          from: [{ collectionId: collection, allDescendants: group }],
          where: {
            fieldFilter: { field: { fieldPath: field }, op: 'EQUAL', value: toValue(value) },
          },
        },
      });
      return rows.filter((row) => row.document).length;
    },
    async arrayContains(collection, field, value) {
      const rows = await call('POST', '/documents:runQuery', {
        structuredQuery: {
          from: [{ collectionId: collection }],
          where: {
            fieldFilter: {
              field: { fieldPath: field },
              op: 'ARRAY_CONTAINS',
              value: toValue(value),
            },
          },
        },
      });
      return rows.filter((row) => row.document).length;
    },
  };
}

async function authUserExists(authUrl, uid) {
  const response = await fetch(
    `${authUrl}/identitytoolkit.googleapis.com/v1/projects/${PROJECT}/accounts:lookup`,
    {
      method: 'POST',
      headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
      body: JSON.stringify({ localId: [uid] }),
    },
  );
  const body = await response.json();
  return Array.isArray(body.users) && body.users.length > 0;
}

async function storedCount(storageUrl, prefix) {
  const response = await fetch(
    `${storageUrl}/v0/b/${BUCKET}/o?prefix=${encodeURIComponent(prefix)}`,
    { headers: { Authorization: 'Firebase owner' } },
  );
  return ((await response.json()).items ?? []).length;
}

/** Everything of the leaving member `m`, and the other members around them. */
async function seed(admin, storageUrl, m) {
  const followers = Array.from({ length: FOLLOWERS }, (_, i) => `follower-${i}`);
  const authors = followers.slice(0, OTHER_POSTS);
  const profile = (name) => ({
    posts: [],
    connections: { Followers: [], Following: [] },
    profilePictures: { profilePicture: null, profileCover: null },
    userInfo: { userName: name },
  });
  const documents = [
    [`usersData/${m}`, profile('Leaving')],
    [`Followers/${m}`, { Followers: followers }],
    [`Following/${m}`, { Following: authors }],
  ];
  for (const uid of followers) {
    documents.push([`Following/${uid}`, { Following: [m] }]);
    documents.push([`usersData/${uid}`, profile(uid)]);
  }
  for (let i = 0; i < POSTS; i++) {
    const postId = `${m}-post-${i}`;
    documents.push([
      `posts/${postId}`,
      {
        uid: m,
        postId,
        postCaption: `post ${i}`,
        postImage: null,
        followers: [m, ...followers],
        likes: [],
      },
    ]);
    documents.push([`explorePosts/${postId}`, { uid: m, postId }]);
  }
  for (let i = 0; i < OTHER_POSTS; i++) {
    const postId = `other-post-${i}`;
    documents.push([
      `posts/${postId}`,
      {
        uid: authors[i],
        postId,
        postCaption: 'other',
        postImage: null,
        followers: [authors[i], m],
        likes: [m],
      },
    ]);
  }
  for (let i = 0; i < COMMENTS; i++) {
    const postId = `other-post-${i % OTHER_POSTS}`;
    documents.push([
      `comments/${m}-comment-${i}`,
      { comment: 'hi', replies: [], postId, userId: m },
    ]);
  }
  for (let i = 0; i < REPLIES; i++) {
    documents.push([
      `comments/thread-${i}`,
      {
        comment: 'thread',
        postId: `other-post-${i % OTHER_POSTS}`,
        userId: authors[i % OTHER_POSTS],
        replies: [
          { reply: 'mine', userId: m },
          { reply: 'theirs', userId: authors[0] },
        ],
      },
    ]);
  }
  for (let i = 0; i < COMMENTS; i++) {
    documents.push([
      `activity/${authors[i % OTHER_POSTS]}/items/comment_${m}-comment-${i}`,
      { actor: m, type: 'comment' },
    ]);
  }
  // Written last: once its reply is indexed, every earlier write's trigger has run.
  documents.push([
    `comments/sentinel`,
    { comment: 's', postId: 'x', userId: 'x', replies: [{ reply: 's', userId: 'sentinel' }] },
  ]);
  await admin.write(documents);
  for (let i = 0; i < FILES; i++) {
    const response = await fetch(
      `${storageUrl}/v0/b/${BUCKET}/o?name=${encodeURIComponent(`${m}/posts/${i}-p.png`)}`,
      {
        method: 'POST',
        headers: { Authorization: 'Firebase owner', 'Content-Type': 'image/png' },
        body: ONE_PIXEL_PNG,
      },
    );
    if (response.status !== 200) throw new Error(`upload refused: ${response.status}`);
  }
  const started = performance.now();
  while (!(await admin.get('repliesByMember/sentinel/comments/sentinel'))) {
    if (performance.now() - started > 600_000) throw new Error('the seed’s triggers did not run');
    await sleep(200);
  }
  return documents.length;
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
  try {
    if (!backend.functionsUrl) throw new Error('the Functions emulator did not start');
    const admin = firestoreAdmin(backend.firestoreUrl);
    const m = (await signUpBenchAccount(backend.authUrl, 'leaving')).uid;
    const seedStarted = performance.now();
    const written = await seed(admin, backend.storageUrl, m);
    const seedMs = performance.now() - seedStarted;
    log(`${firestore}: seeded ${written} documents and ${FILES} files in ${Math.round(seedMs)} ms`);

    const started = performance.now();
    await admin.write([[`accountDeletions/${m}`, { startedAt: 'bench' }]]);
    let last = null;
    for (;;) {
      const request = await admin.get(`accountDeletions/${m}`);
      if (request) last = request;
      else if (!(await authUserExists(backend.authUrl, m))) break;
      if (performance.now() - started > 1_800_000)
        throw new Error('the job did not end in 30 minutes');
      await sleep(100);
    }
    const jobMs = performance.now() - started;
    const left = {
      posts: await admin.count('posts', 'uid', m),
      comments: await admin.count('comments', 'userId', m),
      items: await admin.count('items', 'actor', m, true),
      likes: await admin.arrayContains('posts', 'likes', m),
      audiences: await admin.arrayContains('posts', 'followers', m),
      followerLists: await admin.arrayContains('Following', 'Following', m),
      files: await storedCount(backend.storageUrl, `${m}/`),
      usersData: (await admin.get(`usersData/${m}`)) ? 1 : 0,
    };
    const leftOver = Object.entries(left).filter(([, count]) => count > 0);
    if (leftOver.length > 0) throw new Error(`left behind: ${JSON.stringify(left)}`);
    const round = Number(last?.fields?.round?.integerValue ?? 0);
    return { seedMs, jobMs, slices: round };
  } finally {
    await backend.stop();
  }
}

const machine = describeMachine();
log(
  `${machine.cpus} × ${machine.cpuModel}, load ${machine.load}, ${machine.date}; ${FOLLOWERS} followers, ${POSTS} posts, ${COMMENTS} comments on others' posts, ${REPLIES} replies, ${FILES} files`,
);
const rows = [];
for (const firestore of BACKENDS) {
  log(`backend with Firestore ${firestore}…`);
  const figures = await measure(firestore);
  rows.push(
    `| ${firestore === 'google' ? "Google's" : 'ours'} | ${(figures.jobMs / 1000).toFixed(1)} s | ${figures.slices} | ${(figures.seedMs / 1000).toFixed(1)} s |`,
  );
  log(rows.at(-1));
}
console.log(`
Load average at the end: ${describeMachine().load}

| Firestore | request → everything deleted (Auth account and request gone) | slices | seed (not part of the job) |
|---|--:|--:|--:|
${rows.join('\n')}`);
process.exit(0);
