// The migration of a database in the seed's shape (follows only in the `Followers` lists) to the
// follow edges (docs/DATA_MODEL.md "Follow edges", "Migrating follows"). A job of pages: each
// page reads some `Followers` documents in id order and creates the edges they list that are
// missing, in one batch with the job's progress, so it can stop anywhere and resume, and a second
// run creates nothing.
import { FieldPath, FieldValue, type Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS, SERVER_COLLECTIONS } from 'shared-firebase/server';
import { followEdgeId } from './bounds';
import type { FanoutProgress } from './postFanout';
import { committedIfUnchanged } from './versioned';

/** `migrations/follows`: the job's progress (server only). */
export const FOLLOWS_MIGRATION = { collection: 'migrations', id: 'follows' } as const;

/** The progress document's fields. */
export interface FollowsMigration {
  /** The last `Followers` document done, in id order; null before the first page. */
  cursor: string | null;
  done: boolean;
  /** Edges this run created, and `Followers` documents read. */
  edgesCreated: number;
  listsRead: number;
}

/** `Followers` documents per page (their edges are written in batches of EDGES_PER_BATCH). */
const LISTS_PER_PAGE = 10;
/** Edges created per batch (each with its fan-out marker: two writes). */
const EDGES_PER_BATCH = 200;

/**
 * Runs one page of the migration; returns the progress after it, or null when another runner
 * committed this page first (read again). A page is
 * committed in batches of EDGES_PER_BATCH edges, the last one with the progress: a crash in
 * between leaves some edges made, which the retried page finds and skips.
 */
export async function migrateFollowsPage(db: Firestore): Promise<FollowsMigration | null> {
  const progressRef = db.collection(FOLLOWS_MIGRATION.collection).doc(FOLLOWS_MIGRATION.id);
  const read = await progressRef.get();
  const stored = read.data() as FollowsMigration | undefined;
  // A finished migration run again starts over: it creates only what is missing.
  const progress: FollowsMigration =
    stored && !stored.done ? stored : { cursor: null, done: false, edgesCreated: 0, listsRead: 0 };
  let lists = db
    .collection(COLLECTIONS.followers)
    .orderBy(FieldPath.documentId())
    .limit(LISTS_PER_PAGE);
  if (progress.cursor !== null) lists = lists.startAfter(progress.cursor);
  const page = (await lists.get()).docs;
  const missing: Array<{ follower: string; target: string }> = [];
  for (const list of page) {
    const target = list.id;
    const stored: unknown = list.get('Followers');
    const followers = (Array.isArray(stored) ? stored : []).filter(
      (uid): uid is string => typeof uid === 'string' && uid !== target,
    );
    const edges = followers.map((follower) =>
      db.collection(COLLECTIONS.follows).doc(followEdgeId(follower, target)),
    );
    const existing = edges.length ? await db.getAll(...edges) : [];
    existing.forEach((edge, i) => {
      if (!edge.exists) missing.push({ follower: followers[i]!, target });
    });
  }
  const next: FollowsMigration = {
    cursor: page.at(-1)?.id ?? progress.cursor,
    done: page.length < LISTS_PER_PAGE,
    edgesCreated: progress.edgesCreated + missing.length,
    listsRead: progress.listsRead + page.length,
  };
  for (let start = 0; ; start += EDGES_PER_BATCH) {
    const chunk = missing.slice(start, start + EDGES_PER_BATCH);
    const last = start + EDGES_PER_BATCH >= missing.length;
    const batch = db.batch();
    for (const { follower, target } of chunk) {
      const id = followEdgeId(follower, target);
      batch.set(db.collection(COLLECTIONS.follows).doc(id), {
        follower,
        target,
        createdAt: FieldValue.serverTimestamp(),
      });
      // The old product's browser already fanned the follow out to the target's posts; the
      // marker spares the function a read of every post of the target for every migrated edge.
      const marker: FanoutProgress = {
        follower,
        target,
        inAudience: true,
        cursor: null,
        done: true,
      };
      batch.set(db.collection(SERVER_COLLECTIONS.followFanouts).doc(id), marker);
    }
    if (!last) {
      await batch.commit();
      continue;
    }
    if (read.exists) batch.update(progressRef, { ...next }, { lastUpdateTime: read.updateTime! });
    else batch.create(progressRef, next);
    return (await committedIfUnchanged(progressRef, read, () => batch.commit())) ? next : null;
  }
}

/** Runs pages until the migration is done (the command's loop); returns the final progress. */
export async function migrateFollows(
  db: Firestore,
  onPage: (progress: FollowsMigration) => void = () => {},
): Promise<FollowsMigration> {
  for (;;) {
    const progress = await migrateFollowsPage(db);
    if (progress === null) continue;
    onPage(progress);
    if (progress.done) return progress;
  }
}
