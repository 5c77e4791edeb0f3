import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { settleFollowTimeline } from 'mfe-feed/functions/src/timelines/followTimeline';
import { settlePostTimelines } from 'mfe-feed/functions/src/timelines/postTimelines';
import { settlePullSwitch } from 'mfe-feed/functions/src/timelines/pulledAuthors';
import {
  migrateTimelines,
  migrateTimelinesPage,
} from 'mfe-feed/functions/src/timelines/migrateTimelines';
import {
  TIMELINE_FANOUT_KEEP_MS,
  TIMELINE_FANOUT_LANES,
} from 'mfe-feed/functions/src/timelines/bounds';
import { FANOUT_LANES, laneRanges } from 'mfe-feed/functions/src/timelines/fanoutProgress';
import { adminFirestoreForSuite } from './backend';

/** The fields firestore.indexes.json gives a TTL policy (which production deletes documents by). */
function ttlFields(): Array<{ collectionGroup: string; fieldPath: string }> {
  const file = path.resolve(__dirname, '../../../../firestore.indexes.json');
  const { fieldOverrides } = JSON.parse(readFileSync(file, 'utf8')) as {
    fieldOverrides: Array<{ collectionGroup: string; fieldPath: string; ttl?: boolean }>;
  };
  return fieldOverrides
    .filter((override) => override.ttl === true)
    .map(({ collectionGroup, fieldPath }) => ({ collectionGroup, fieldPath }));
}

// The feed's timeline functions (docs/DATA_MODEL.md "Timelines"), called as their triggers call
// them, with the Admin SDK, against this emulator or Google's (the same assertions on both). A
// redelivered event is a second call; two members at once are overlapping calls; a crash is a
// progress document left mid-way. Each test uses members and posts of its own.

jest.setTimeout(60_000);

const PROJECT = 'demo-timelines';
const adminFirestore = adminFirestoreForSuite(PROJECT, 'timelines-test');
let db: Firestore;
beforeAll(() => {
  db = adminFirestore();
});

/** Tiny pages, so a handful of followers is several pages. */
const SMALL = { pageSize: 2, lanes: TIMELINE_FANOUT_LANES };

const at = (minute: number) => Timestamp.fromMillis(Date.UTC(2026, 0, 1, 0, minute));
async function member(uid: string, followers = 0) {
  await db.doc(`usersData/${uid}`).set({ posts: [], counts: { followers } });
}
async function post(postId: string, uid: string, minute = 0) {
  await db
    .doc(`posts/${postId}`)
    .set({ uid, postId, followers: [uid], likes: [], createdAt: at(minute) });
}
const follow = (follower: string, target: string) =>
  db.doc(`follows/${follower}_${target}`).set({ follower, target, createdAt: at(0) });
const unfollow = (follower: string, target: string) =>
  db.doc(`follows/${follower}_${target}`).delete();
/** The post ids in `uid`'s timeline, newest first, as the feed reads them. */
async function timeline(uid: string): Promise<string[]> {
  const entries = await db
    .collection(`timelines/${uid}/entries`)
    .orderBy('createdAt', 'desc')
    .get();
  return entries.docs.map((entry) => entry.id);
}
const pulled = async (uid: string) => (await db.doc(`timelines/${uid}`).get()).get('pulled');
/** The lane documents of a post's push, in lane order. */
async function lanesOf(postId: string) {
  const lanes = await db.collection(`timelineFanouts/${postId}/${FANOUT_LANES}`).get();
  return lanes.docs.sort((a, b) => Number(a.id) - Number(b.id));
}
/** The lane whose id range holds the edge id. */
const laneOf = (edgeId: string) =>
  laneRanges(TIMELINE_FANOUT_LANES).findIndex(
    ({ from, to }) => (from === null || edgeId >= from) && (to === null || edgeId < to),
  );
/**
 * Followers named to land in every lane, `tag` making them the test's own: at each lane's lower
 * bound and just below its upper one, below '0' and above 'z' (custom uids), and one with a dash;
 * at least three in each lane (two pages of SMALL).
 */
function followersInEveryLane(tag: string): string[] {
  const below = (bound: string) => String.fromCharCode(bound.charCodeAt(0) - 1);
  return [
    ...laneRanges(TIMELINE_FANOUT_LANES).flatMap(({ from, to }) => [
      ...(from === null ? [`-${tag}`, `0${tag}`] : [`${from}${tag}`]),
      ...(to === null ? [`z${tag}`, `~${tag}`] : [`${below(to)}${tag}`, `${below(to)}z${tag}`]),
    ]),
    `a-${tag}`,
  ];
}

// First in the file: the migration reads whole collections, so it runs before the other tests
// leave theirs.
test('the migration fills the timelines of a database with follows and posts only; again, or resumed, the same', async () => {
  // Pulled above 2 followers, in pages of 2 documents.
  const options = { pullThreshold: 2, pageSize: 2 };
  const uids = ['mga', 'mgb', 'mgbig', 'mgf1', 'mgf2', 'mgf3'];
  for (const uid of uids) await member(uid, uid === 'mgbig' ? 3 : 1);
  for (let i = 1; i <= 3; i += 1) await post(`mga-p${i}`, 'mga', 30 + i);
  // One more than a follow copies: the oldest stays out of the followers' timelines.
  for (let i = 1; i <= 21; i += 1) await post(`mgb-p${String(i).padStart(2, '0')}`, 'mgb', i);
  await post('mgbig-p1', 'mgbig', 5);
  await post('mgf3-p1', 'mgf3', 6);
  for (const [follower, target] of [
    ['mgf1', 'mga'],
    ['mgf1', 'mgb'],
    ['mgf1', 'mgbig'],
    ['mgf2', 'mga'],
    ['mgf2', 'mgbig'],
    ['mgf3', 'mgbig'],
  ] as const) {
    await follow(follower, target);
  }
  const state = async () => {
    const all: Record<string, { entries: string[]; pulled: unknown }> = {};
    for (const uid of uids) all[uid] = { entries: await timeline(uid), pulled: await pulled(uid) };
    return all;
  };
  const mga = ['mga-p3', 'mga-p2', 'mga-p1'];
  const mgb = Array.from({ length: 21 }, (_, i) => `mgb-p${String(21 - i).padStart(2, '0')}`);
  const expected = {
    mga: { entries: mga, pulled: undefined },
    mgb: { entries: mgb, pulled: undefined },
    mgbig: { entries: ['mgbig-p1'], pulled: undefined },
    mgf1: {
      entries: [...mga, ...mgb.slice(0, 20)],
      pulled: ['mgbig'],
    },
    mgf2: { entries: mga, pulled: ['mgbig'] },
    mgf3: { entries: ['mgf3-p1'], pulled: ['mgbig'] },
  };

  const final = await migrateTimelines(db, () => undefined, options);
  expect(final).toMatchObject({ done: true, membersRead: 6, followsRead: 6, postsRead: 26 });
  expect(await state()).toEqual(expected);

  await migrateTimelines(db, () => undefined, options);
  expect(await state()).toEqual(expected);

  // Interrupted after five pages (into the follows) and run again: it resumes and ends the same.
  for (const uid of uids) {
    for (const entry of (await db.collection(`timelines/${uid}/entries`).get()).docs) {
      await entry.ref.delete();
    }
    await db.doc(`timelines/${uid}`).delete();
  }
  await db.doc('timelineAuthors/mgbig').delete();
  for (let page = 0; page < 5; page += 1) await migrateTimelinesPage(db, options);
  expect((await db.doc('migrations/timelines').get()).get('phase')).toBe('follows');
  await migrateTimelines(db, () => undefined, options);
  expect(await state()).toEqual(expected);
});

test('a post reaches its author’s and every follower’s timeline, page by page; its delete removes it', async () => {
  await member('pa');
  const followers = ['pa1', 'pa2', 'pa3', 'pa4', 'pa5'];
  for (const uid of followers) await follow(uid, 'pa');
  await follow('pa1', 'other');
  await post('pa-p1', 'pa');

  const pushed = await settlePostTimelines(db, 'pa-p1', 'pa', SMALL);
  expect(pushed).toEqual({ listed: true, pushed: true, entries: 6 });
  for (const uid of ['pa', ...followers]) expect(await timeline(uid)).toEqual(['pa-p1']);
  expect(await timeline('other')).toEqual([]);
  expect(
    await db
      .doc('timelines/pa1/entries/pa-p1')
      .get()
      .then((e) => e.data()),
  ).toEqual({
    postId: 'pa-p1',
    author: 'pa',
    createdAt: at(0),
  });

  await db.doc('posts/pa-p1').delete();
  const removed = await settlePostTimelines(db, 'pa-p1', 'pa', SMALL);
  expect(removed).toEqual({ listed: false, pushed: false, entries: 6 });
  for (const uid of ['pa', ...followers]) expect(await timeline(uid)).toEqual([]);
});

test('the push’s lanes follow the author’s audience: one for a few followers, all for 10,000', async () => {
  for (const [uid, followers] of [
    ['la1', 3],
    ['la2', 10_000],
  ] as const) {
    await member(uid, followers);
    for (const n of [1, 2, 3]) await follow(`${uid}f${n}`, uid);
    await post(`${uid}-p1`, uid);
    await settlePostTimelines(db, `${uid}-p1`, uid, { pageSize: 2 });
    for (const n of [1, 2, 3]) expect(await timeline(`${uid}f${n}`)).toEqual([`${uid}-p1`]);
  }
  expect(await lanesOf('la1-p1')).toHaveLength(1);
  expect(await lanesOf('la2-p1')).toHaveLength(TIMELINE_FANOUT_LANES);
  expect((await db.doc('timelineFanouts/la1-p1').get()).data()).toMatchObject({
    lanes: 1,
    done: true,
  });
});

test('the same event delivered twice writes nothing more, and a create’s event after the delete adds nothing back', async () => {
  await member('rd');
  for (const uid of ['rd1', 'rd2', 'rd3']) await follow(uid, 'rd');
  await post('rd-p1', 'rd');
  const started = Date.now();
  await settlePostTimelines(db, 'rd-p1', 'rd', SMALL);
  const progress = await db.doc('timelineFanouts/rd-p1').get();
  expect(progress.get('done')).toBe(true);
  // Kept 30 days, past the 7 days of redelivery, then deleted by production's TTL policy.
  const expireAt = (progress.get('expireAt') as Timestamp).toMillis();
  expect(expireAt).toBeGreaterThanOrEqual(started + TIMELINE_FANOUT_KEEP_MS);
  expect(expireAt).toBeLessThan(Date.now() + TIMELINE_FANOUT_KEEP_MS);
  expect(ttlFields()).toContainEqual({ collectionGroup: 'timelineFanouts', fieldPath: 'expireAt' });
  const lanes = await lanesOf('rd-p1');
  expect(lanes).toHaveLength(TIMELINE_FANOUT_LANES);
  for (const lane of lanes) {
    expect(lane.get('done')).toBe(true);
    expect((lane.get('expireAt') as Timestamp).toMillis()).toBe(expireAt);
  }
  expect(ttlFields()).toContainEqual({ collectionGroup: FANOUT_LANES, fieldPath: 'expireAt' });

  // Delivered again: the finished progress reads no edge and writes no page.
  expect(await settlePostTimelines(db, 'rd-p1', 'rd', SMALL)).toEqual({
    listed: true,
    pushed: true,
    entries: 1,
  });
  const again = await db.doc('timelineFanouts/rd-p1').get();
  expect(again.updateTime!.isEqual(progress.updateTime!)).toBe(true);
  (await lanesOf('rd-p1')).forEach((lane, n) =>
    expect(lane.updateTime!.isEqual(lanes[n]!.updateTime!)).toBe(true),
  );
  for (const uid of ['rd1', 'rd2', 'rd3']) expect(await timeline(uid)).toEqual(['rd-p1']);

  await db.doc('posts/rd-p1').delete();
  await settlePostTimelines(db, 'rd-p1', 'rd', SMALL);
  await settlePostTimelines(db, 'rd-p1', 'rd', SMALL);
  for (const uid of ['rd', 'rd1', 'rd2', 'rd3']) expect(await timeline(uid)).toEqual([]);
});

test('a follow copies the target’s newest posts into the follower’s timeline; an unfollow takes them out', async () => {
  await member('fb');
  await post('fb-p1', 'fb', 1);
  await post('fb-p2', 'fb', 2);
  await post('fb-p3', 'other', 3);
  await follow('fb1', 'fb');

  expect(await settleFollowTimeline(db, 'fb1', 'fb')).toEqual({
    follows: true,
    pulled: false,
    entries: 2,
  });
  // Delivered twice: the same entries.
  await settleFollowTimeline(db, 'fb1', 'fb');
  expect(await timeline('fb1')).toEqual(['fb-p2', 'fb-p1']);
  // Pushed, so not pulled: the member's timeline document is not even written.
  expect(await pulled('fb1')).toBeUndefined();

  // An entry of another author stays through the unfollow.
  await db
    .doc('timelines/fb1/entries/fb-p3')
    .set({ postId: 'fb-p3', author: 'other', createdAt: at(3) });
  await unfollow('fb1', 'fb');
  expect(await settleFollowTimeline(db, 'fb1', 'fb')).toEqual({
    follows: false,
    pulled: false,
    entries: 2,
  });
  expect(await timeline('fb1')).toEqual(['fb-p3']);
});

test('two members following the same author at once both get the posts', async () => {
  await member('tw');
  await post('tw-p1', 'tw', 1);
  await Promise.all([follow('tw1', 'tw'), follow('tw2', 'tw')]);
  await Promise.all([settleFollowTimeline(db, 'tw1', 'tw'), settleFollowTimeline(db, 'tw2', 'tw')]);
  expect(await timeline('tw1')).toEqual(['tw-p1']);
  expect(await timeline('tw2')).toEqual(['tw-p1']);
});

test('an author above the pull threshold is listed for each follower, and their posts are not pushed', async () => {
  const threshold = { ...SMALL, pullThreshold: 2 };
  await member('big', 3);
  expect(await settlePullSwitch(db, 'big', threshold)).toEqual({ pulled: true, followers: 0 });
  for (const uid of ['big1', 'big2', 'big3']) await follow(uid, 'big');
  await post('big-p1', 'big', 1);
  await Promise.all(['big1', 'big2', 'big3'].map((uid) => settleFollowTimeline(db, uid, 'big')));
  expect(await settlePostTimelines(db, 'big-p1', 'big', threshold)).toEqual({
    listed: true,
    pushed: false,
    entries: 1,
  });
  expect(await timeline('big')).toEqual(['big-p1']);
  for (const uid of ['big1', 'big2', 'big3']) {
    expect(await timeline(uid)).toEqual([]);
    expect(await pulled(uid)).toEqual(['big']);
  }

  await unfollow('big1', 'big');
  await settleFollowTimeline(db, 'big1', 'big');
  expect(await pulled('big1')).toEqual([]);
  expect(await pulled('big2')).toEqual(['big']);
});

test('an author crossing the threshold switches every follower’s timeline, and back below half of it', async () => {
  const threshold = { ...SMALL, pullThreshold: 4 };
  const followers = ['sw1', 'sw2', 'sw3', 'sw4', 'sw5'];
  await member('sw', 3);
  for (const uid of followers) await follow(uid, 'sw');
  expect(await settlePullSwitch(db, 'sw', threshold)).toEqual({ pulled: false, followers: 0 });

  await db.doc('usersData/sw').update({ 'counts.followers': 5 });
  expect(await settlePullSwitch(db, 'sw', threshold)).toEqual({ pulled: true, followers: 5 });
  // Delivered again: nothing more to do.
  expect(await settlePullSwitch(db, 'sw', threshold)).toEqual({ pulled: true, followers: 0 });
  for (const uid of followers) expect(await pulled(uid)).toEqual(['sw']);
  await post('sw-p1', 'sw', 1);
  await settlePostTimelines(db, 'sw-p1', 'sw', threshold);
  expect(await timeline('sw1')).toEqual([]);

  // Between half the threshold and the threshold the switch stays.
  await db.doc('usersData/sw').update({ 'counts.followers': 3 });
  expect(await settlePullSwitch(db, 'sw', threshold)).toEqual({ pulled: true, followers: 0 });

  await db.doc('usersData/sw').update({ 'counts.followers': 1 });
  expect(await settlePullSwitch(db, 'sw', threshold)).toEqual({ pulled: false, followers: 5 });
  for (const uid of followers) {
    expect(await pulled(uid)).toEqual([]);
    // The posts they pulled until now are in their timelines.
    expect(await timeline(uid)).toEqual(['sw-p1']);
  }
});

/**
 * `db`, whose batches each run `beforeCommit` with the paths they set, before committing: steps
 * of other functions forced between a fan-out page's read of the edges and its commit.
 */
function withBatches(beforeCommit: (paths: string[]) => Promise<void>): Firestore {
  return new Proxy(db, {
    get(target, property) {
      if (property === 'batch') {
        return () => {
          const batch = target.batch();
          const paths: string[] = [];
          const set = batch.set.bind(batch) as (...args: unknown[]) => typeof batch;
          batch.set = ((...args: unknown[]) => {
            paths.push((args[0] as { path: string }).path);
            return set(...args);
          }) as typeof batch.set;
          const commit = batch.commit.bind(batch);
          batch.commit = async () => {
            await beforeCommit(paths);
            return commit();
          };
          return batch;
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
    },
  });
}

/**
 * `db`, whose first batch writing a timeline entry runs `before` first, every batch committed
 * from then on waiting for it: each lane's page under way sees its effect at its commit.
 */
function withBeforeFirstPage(before: () => Promise<unknown>): Firestore {
  let ran: Promise<unknown> | null = null;
  return withBatches(async (paths) => {
    if (!ran && paths.some((at) => at.startsWith('timelines/'))) ran = before();
    await ran;
  });
}

test('an unfollow whose clean-up runs between a page’s read and its commit does not keep the post', async () => {
  await member('ur');
  for (const uid of ['ur1', 'ur2']) await follow(uid, 'ur');
  await post('ur-p1', 'ur');
  const racing = withBeforeFirstPage(async () => {
    await unfollow('ur2', 'ur');
    await settleFollowTimeline(db, 'ur2', 'ur');
  });

  await settlePostTimelines(racing, 'ur-p1', 'ur', SMALL);
  expect(await timeline('ur1')).toEqual(['ur-p1']);
  expect(await timeline('ur2')).toEqual([]);
});

test('a post made while its author switches to pulled reaches the followers the switch has not listed yet', async () => {
  await member('hs', 5);
  for (const uid of ['hs1', 'hs2']) await follow(uid, 'hs');
  // What a switch to pulled leaves after its first page: hs1 lists the author, hs2 not yet.
  await db.doc('timelines/hs1').set({ pulled: ['hs'] });
  await db
    .doc('timelineAuthors/hs')
    .set({ author: 'hs', pulled: true, cursor: 'hs1_hs', done: false });
  await post('hs-p1', 'hs');

  expect(await settlePostTimelines(db, 'hs-p1', 'hs', SMALL)).toMatchObject({ pushed: true });
  expect(await timeline('hs2')).toEqual(['hs-p1']);

  // Once every follower lists the author, posts are pulled only.
  await db.doc('timelineAuthors/hs').update({ done: true });
  await post('hs-p2', 'hs', 1);
  expect(await settlePostTimelines(db, 'hs-p2', 'hs', SMALL)).toMatchObject({ pushed: false });
  expect(await timeline('hs2')).toEqual(['hs-p1']);
});

test('a post reaches the followers of every lane: each lane pages its own id range', async () => {
  await member('ln');
  const followers = followersInEveryLane('ln');
  for (const uid of followers) await follow(uid, 'ln');
  await post('ln-p1', 'ln');

  expect(await settlePostTimelines(db, 'ln-p1', 'ln', SMALL)).toEqual({
    listed: true,
    pushed: true,
    entries: followers.length + 1,
  });
  for (const uid of followers) expect(await timeline(uid)).toEqual(['ln-p1']);
  expect((await db.doc('timelineFanouts/ln-p1').get()).data()).toMatchObject({
    listed: true,
    lanes: TIMELINE_FANOUT_LANES,
    done: true,
  });
  // Each lane ended at the last edge of its own range.
  const edges = followers.map((uid) => `${uid}_ln`).sort();
  (await lanesOf('ln-p1')).forEach((lane, n) => {
    const mine = edges.filter((edge) => laneOf(edge) === n);
    expect(mine.length).toBeGreaterThanOrEqual(3);
    expect(lane.data()).toMatchObject({ listed: true, done: true, cursor: mine.at(-1) });
  });
});

test('a delete while every lane has a page under way stops every lane at that page', async () => {
  await member('dl');
  const followers = followersInEveryLane('dl');
  for (const uid of followers) await follow(uid, 'dl');
  await post('dl-p1', 'dl');
  const racing = withBeforeFirstPage(async () => {
    await db.doc('posts/dl-p1').delete();
    await settlePostTimelines(db, 'dl-p1', 'dl', SMALL);
  });

  expect(await settlePostTimelines(racing, 'dl-p1', 'dl', SMALL)).toEqual({
    listed: true,
    pushed: true,
    entries: 1,
  });
  for (const uid of ['dl', ...followers]) expect(await timeline(uid)).toEqual([]);
  expect((await db.doc('timelineFanouts/dl-p1').get()).data()).toMatchObject({
    listed: false,
    done: true,
  });
  const lanes = await lanesOf('dl-p1');
  expect(lanes).toHaveLength(TIMELINE_FANOUT_LANES);
  for (const lane of lanes) {
    expect(lane.data()).toMatchObject({ listed: false, cursor: null, done: false });
  }
  // A create event delivered late pushes nothing.
  await settlePostTimelines(db, 'dl-p1', 'dl', SMALL);
  for (const uid of followers) expect(await timeline(uid)).toEqual([]);
});

test('a crash in one lane resumes that lane after its last page committed, and no other lane', async () => {
  await member('cl');
  const followers = followersInEveryLane('cl');
  for (const uid of followers) await follow(uid, 'cl');
  await post('cl-p1', 'cl');
  // Lane 1 crashes at its second page: its first page committed, the other lanes finish.
  const laneOne = followers
    .map((uid) => `${uid}_cl`)
    .filter((edge) => laneOf(edge) === 1)
    .sort()
    .map((edge) => edge.slice(0, -'_cl'.length));
  const crashAt = `timelines/${laneOne[2]}/entries/cl-p1`;
  const crashing = withBatches(async (paths) => {
    if (paths.includes(crashAt)) throw new Error('crashed');
  });
  await expect(settlePostTimelines(crashing, 'cl-p1', 'cl', SMALL)).rejects.toThrow('crashed');
  const crashed = await lanesOf('cl-p1');
  expect(crashed.map((lane) => lane.get('done'))).toEqual(crashed.map((_, n) => n !== 1));
  expect(crashed[1]!.get('cursor')).toBe(`${laneOne[1]}_cl`);
  expect((await db.doc('timelineFanouts/cl-p1').get()).get('done')).toBe(false);
  // The entries written so far are taken away, so the resumed run is seen to write only the rest.
  for (const uid of followers) await db.doc(`timelines/${uid}/entries/cl-p1`).delete();

  await settlePostTimelines(db, 'cl-p1', 'cl', SMALL);
  for (const uid of followers) {
    expect(await timeline(uid)).toEqual(laneOne.slice(2).includes(uid) ? ['cl-p1'] : []);
  }
  const resumed = await lanesOf('cl-p1');
  resumed.forEach((lane, n) => {
    expect(lane.get('done')).toBe(true);
    if (n !== 1) expect(lane.updateTime!.isEqual(crashed[n]!.updateTime!)).toBe(true);
  });
  expect((await db.doc('timelineFanouts/cl-p1').get()).get('done')).toBe(true);
});
