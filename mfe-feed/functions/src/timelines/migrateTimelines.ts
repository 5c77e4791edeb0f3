// The migration of a database whose follows and posts exist without timelines (docs/DATA_MODEL.md
// "Migrating timelines"). Three phases, each a job of pages in document id order: the authors
// already above the pull threshold get their switch (and their followers list them), each follow
// edge brings its follower's timeline to the edge (the target's newest posts, or `pulled`), and
// each post is put into its author's own timeline. Every page is the timeline functions' own work,
// idempotent, followed by the progress `migrations/timelines` (only if that is still the version
// read), so the job stops anywhere and resumes, and a second run changes nothing.
import { FieldPath, type Firestore, type Timestamp } from 'firebase-admin/firestore';
import { COLLECTIONS, committedIfUnchanged } from 'shared-firebase/server';
import { PULL_THRESHOLD, type TimelineOptions } from './bounds';
import { settleFollowTimeline } from './followTimeline';
import { entryRef } from './postTimelines';
import { settlePullSwitch } from './pulledAuthors';

/** `migrations/timelines`: the job's progress (server only). */
export const TIMELINES_MIGRATION = { collection: 'migrations', id: 'timelines' } as const;

/** The phases in the order they run: a follow needs its target's switch first. */
const PHASES = ['authors', 'follows', 'posts'] as const;
export type TimelinesPhase = (typeof PHASES)[number];

/** The progress document's fields. */
export interface TimelinesMigration {
  phase: TimelinesPhase;
  /** The last document done in the phase's collection, in id order; null before its first page. */
  cursor: string | null;
  done: boolean;
  /** Documents read in each phase by this run. */
  membersRead: number;
  followsRead: number;
  postsRead: number;
}

/**
 * Documents per page. A follow edge is a few reads and one batch of at most FOLLOW_BACKFILL_POSTS
 * entries; an author above the threshold pages through all their followers.
 */
const PAGE_SIZE = { authors: 100, follows: 20, posts: 100 } as const;

const START: TimelinesMigration = {
  phase: 'authors',
  cursor: null,
  done: false,
  membersRead: 0,
  followsRead: 0,
  postsRead: 0,
};

/** Members above the threshold: their switch, and every follower's `pulled`, brought to it. */
async function authorsPage(
  db: Firestore,
  cursor: string | null,
  size: number,
  options: TimelineOptions,
): Promise<string[]> {
  let page = db
    .collection(COLLECTIONS.usersData)
    .orderBy(FieldPath.documentId())
    .select('counts.followers')
    .limit(size);
  if (cursor !== null) page = page.startAfter(cursor);
  const members = (await page.get()).docs;
  const threshold = options.pullThreshold ?? PULL_THRESHOLD;
  for (const member of members) {
    const followers: unknown = member.get('counts.followers');
    if (typeof followers === 'number' && followers > threshold) {
      await settlePullSwitch(db, member.id, options);
    }
  }
  return members.map((member) => member.id);
}

/** Each follow edge's follower timeline brought to the edge as it is now (the function's work). */
async function followsPage(db: Firestore, cursor: string | null, size: number): Promise<string[]> {
  let page = db
    .collection(COLLECTIONS.follows)
    .orderBy(FieldPath.documentId())
    .select('follower', 'target')
    .limit(size);
  if (cursor !== null) page = page.startAfter(cursor);
  const edges = (await page.get()).docs;
  for (const edge of edges) {
    const follower: unknown = edge.get('follower');
    const target: unknown = edge.get('target');
    if (typeof follower === 'string' && typeof target === 'string') {
      await settleFollowTimeline(db, follower, target);
    }
  }
  return edges.map((edge) => edge.id);
}

/**
 * Each post into its author's own timeline. Read again after the write: a post deleted meanwhile
 * loses the entry here, or (deleted after that read) by its delete's function, which runs later.
 */
async function postsPage(db: Firestore, cursor: string | null, size: number): Promise<string[]> {
  let page = db
    .collection(COLLECTIONS.posts)
    .orderBy(FieldPath.documentId())
    .select('uid', 'createdAt')
    .limit(size);
  if (cursor !== null) page = page.startAfter(cursor);
  const read = (await page.get()).docs;
  const posts = read.filter(
    (post) => typeof post.get('uid') === 'string' && post.get('createdAt') !== undefined,
  );
  const entries = posts.map((post) => {
    const author = post.get('uid') as string;
    return {
      ref: entryRef(db, author, post.id),
      entry: { postId: post.id, author, createdAt: post.get('createdAt') as Timestamp },
    };
  });
  if (entries.length > 0) {
    const batch = db.batch();
    for (const { ref, entry } of entries) batch.set(ref, entry);
    await batch.commit();
    const now = await db.getAll(...posts.map((post) => post.ref), { fieldMask: ['uid'] });
    const gone = entries.filter((_, i) => !now[i]!.exists);
    if (gone.length > 0) {
      const cleanup = db.batch();
      for (const { ref } of gone) cleanup.delete(ref);
      await cleanup.commit();
    }
  }
  return read.map((post) => post.id);
}

/** The documents one page of `phase` reads, and the work on them. */
function runPhasePage(
  db: Firestore,
  phase: TimelinesPhase,
  cursor: string | null,
  options: TimelineOptions,
): Promise<string[]> {
  const size = options.pageSize ?? PAGE_SIZE[phase];
  if (phase === 'authors') return authorsPage(db, cursor, size, options);
  if (phase === 'follows') return followsPage(db, cursor, size);
  return postsPage(db, cursor, size);
}

/**
 * Runs one page of the migration; returns the progress after it, or null when another runner
 * moved the progress first (read again). A crash after a page's work and before its progress
 * leaves work done that the retried page does again, to the same result.
 */
export async function migrateTimelinesPage(
  db: Firestore,
  options: TimelineOptions = {},
): Promise<TimelinesMigration | null> {
  const progressRef = db.collection(TIMELINES_MIGRATION.collection).doc(TIMELINES_MIGRATION.id);
  const read = await progressRef.get();
  const stored = read.data() as TimelinesMigration | undefined;
  // A finished migration run again starts over: it writes what the timelines already hold.
  const progress = stored && !stored.done ? stored : START;
  const size = options.pageSize ?? PAGE_SIZE[progress.phase];
  const ids = await runPhasePage(db, progress.phase, progress.cursor, options);
  const counted = { authors: 'membersRead', follows: 'followsRead', posts: 'postsRead' } as const;
  const next: TimelinesMigration = {
    ...progress,
    cursor: ids.at(-1) ?? progress.cursor,
    [counted[progress.phase]]: progress[counted[progress.phase]] + ids.length,
  };
  if (ids.length < size) {
    const following = PHASES[PHASES.indexOf(progress.phase) + 1];
    if (following) Object.assign(next, { phase: following, cursor: null });
    else next.done = true;
  }
  const write = () =>
    read.exists
      ? progressRef.update({ ...next }, { lastUpdateTime: read.updateTime! })
      : db.batch().create(progressRef, next).commit();
  return (await committedIfUnchanged(progressRef, read, write)) ? next : null;
}

/** Runs pages until the migration is done (the command's loop); returns the final progress. */
export async function migrateTimelines(
  db: Firestore,
  onPage: (progress: TimelinesMigration) => void = () => {},
  options: TimelineOptions = {},
): Promise<TimelinesMigration> {
  for (;;) {
    const progress = await migrateTimelinesPage(db, options);
    if (progress === null) continue;
    onPage(progress);
    if (progress.done) return progress;
  }
}
