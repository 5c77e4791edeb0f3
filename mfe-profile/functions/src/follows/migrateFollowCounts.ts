// Counting the follow edges made before the count shards existed (docs/DATA_MODEL.md "Migrating
// follows"): a job of pages over `follows` in id order, each edge without its mark counted by
// the same transaction as the edge's event (countUnmarked), so a follow counted meanwhile by its
// function is not counted twice. Then every member beyond a list's bound is recounted, as the
// shards now hold their edges. Stopped anywhere, it resumes; run again, it counts nothing twice.
import { FieldPath, FieldValue, type Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS, countUnmarked } from 'shared-firebase/server';
import { syncFollowCount } from '../followCounts';
import { countedFollow } from './edgeCounts';
import { committedIfUnchanged, createIfAbsent } from './versioned';

/** `migrations/followCounts`: the job's progress (server only). */
export const FOLLOW_COUNTS_MIGRATION = { collection: 'migrations', id: 'followCounts' } as const;

/** The progress document's fields. */
export interface FollowCountsMigration {
  /** The last edge done, in id order; null before the first page. */
  cursor: string | null;
  done: boolean;
  edgesRead: number;
  /** Edges this run found uncounted and counted. */
  edgesCounted: number;
}

/** Edges per page (one read of the page, one of their marks, a transaction per uncounted edge). */
const EDGES_PER_PAGE = 200;
/** Lists at their bound read per page of the recount (each member then recounted). */
const LISTS_PER_PAGE = 200;

/**
 * Counts one page of edges; returns the progress after it, or null when another runner committed
 * this page first (read again). A crash before the progress is written leaves some edges counted,
 * which the retried page finds marked.
 */
export async function migrateFollowCountsPage(
  db: Firestore,
): Promise<FollowCountsMigration | null> {
  const progressRef = db
    .collection(FOLLOW_COUNTS_MIGRATION.collection)
    .doc(FOLLOW_COUNTS_MIGRATION.id);
  const read = await progressRef.get();
  const stored = read.data() as FollowCountsMigration | undefined;
  const progress: FollowCountsMigration =
    stored && !stored.done ? stored : { cursor: null, done: false, edgesRead: 0, edgesCounted: 0 };
  let edges = db
    .collection(COLLECTIONS.follows)
    .orderBy(FieldPath.documentId())
    .limit(EDGES_PER_PAGE);
  if (progress.cursor !== null) edges = edges.startAfter(progress.cursor);
  const page = (await edges.get()).docs;
  const pairs = page.flatMap((edge) => {
    const follower: unknown = edge.get('follower');
    const target: unknown = edge.get('target');
    return typeof follower === 'string' && typeof target === 'string' ? [{ follower, target }] : [];
  });
  const counted = await countUnmarked(
    db,
    pairs.map(({ follower, target }) => countedFollow(db, follower, target)),
    FieldValue.increment,
  );
  const next: FollowCountsMigration = {
    cursor: page.at(-1)?.id ?? progress.cursor,
    done: page.length < EDGES_PER_PAGE,
    edgesRead: progress.edgesRead + page.length,
    edgesCounted: progress.edgesCounted + counted,
  };
  const written = await committedIfUnchanged(progressRef, read, () =>
    read.exists
      ? progressRef.update({ ...next }, { lastUpdateTime: read.updateTime! })
      : createIfAbsent(progressRef, next),
  );
  return written ? next : null;
}

/**
 * Recounts every member whose `Followers` or `Following` list is at its bound (`complete:
 * false`): their counts come from the shards, which now hold every edge. Pages of an equality
 * query, so it reads only those members' lists. Returns how many counts it recounted.
 */
export async function recountMembersBeyondBound(db: Firestore): Promise<number> {
  let recounted = 0;
  for (const [collection, which] of [
    [COLLECTIONS.followers, 'followers'],
    [COLLECTIONS.following, 'following'],
  ] as const) {
    let after: string | null = null;
    for (;;) {
      let query = db
        .collection(collection)
        .where('complete', '==', false)
        .orderBy(FieldPath.documentId())
        .select()
        .limit(LISTS_PER_PAGE);
      if (after !== null) query = query.startAfter(after);
      const page = (await query.get()).docs;
      for (const list of page) await syncFollowCount(db, list.id, which);
      recounted += page.length;
      if (page.length < LISTS_PER_PAGE) break;
      after = page.at(-1)!.id;
    }
  }
  return recounted;
}

/** Runs pages until every edge is counted, then the recount; returns the final progress. */
export async function migrateFollowCounts(
  db: Firestore,
  onPage: (progress: FollowCountsMigration) => void = () => {},
): Promise<FollowCountsMigration & { membersRecounted: number }> {
  for (;;) {
    const progress = await migrateFollowCountsPage(db);
    if (progress === null) continue;
    onPage(progress);
    if (progress.done) {
      return { ...progress, membersRecounted: await recountMembersBeyondBound(db) };
    }
  }
}
