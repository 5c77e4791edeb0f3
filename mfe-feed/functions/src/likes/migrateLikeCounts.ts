// Counting the like edges made before the count shards existed (docs/DATA_MODEL.md "Migrating
// likes"): a job of pages over `likes` in id order, each edge without its mark counted by the same
// transaction as the edge's event (countUnmarked), so a like counted meanwhile by its function is
// not counted twice. Then every post beyond its list's bound is recounted, as the shards now hold
// its likes. Stopped anywhere, it resumes; run again, it counts nothing twice.
import { FieldPath, FieldValue, type Firestore } from 'firebase-admin/firestore';
import {
  COLLECTIONS,
  committedIfUnchanged,
  countedLike,
  countUnmarked,
} from 'shared-firebase/server';
import { syncPostCounts } from '../postCounts';

/** `migrations/likeCounts`: the job's progress (server only). */
export const LIKE_COUNTS_MIGRATION = { collection: 'migrations', id: 'likeCounts' } as const;

/** The progress document's fields. */
export interface LikeCountsMigration {
  /** The last edge done, in id order; null before the first page. */
  cursor: string | null;
  done: boolean;
  edgesRead: number;
  /** Edges this run found uncounted and counted. */
  edgesCounted: number;
}

/** Edges per page (one read of the page, one of their marks, a transaction per uncounted edge). */
const EDGES_PER_PAGE = 200;
/** Posts at their list's bound read per page of the recount (each then recounted). */
const POSTS_PER_PAGE = 200;

/**
 * Counts one page of edges; returns the progress after it, or null when another runner committed
 * this page first (read again). A crash before the progress is written leaves some edges counted,
 * which the retried page finds marked.
 */
export async function migrateLikeCountsPage(db: Firestore): Promise<LikeCountsMigration | null> {
  const progressRef = db.collection(LIKE_COUNTS_MIGRATION.collection).doc(LIKE_COUNTS_MIGRATION.id);
  const read = await progressRef.get();
  const stored = read.data() as LikeCountsMigration | undefined;
  const progress: LikeCountsMigration =
    stored && !stored.done ? stored : { cursor: null, done: false, edgesRead: 0, edgesCounted: 0 };
  let edges = db
    .collection(COLLECTIONS.likes)
    .orderBy(FieldPath.documentId())
    .select('postId', 'uid')
    .limit(EDGES_PER_PAGE);
  if (progress.cursor !== null) edges = edges.startAfter(progress.cursor);
  const page = (await edges.get()).docs;
  const likes = page.flatMap((edge) => {
    const postId: unknown = edge.get('postId');
    const uid: unknown = edge.get('uid');
    return typeof postId === 'string' && typeof uid === 'string'
      ? [countedLike(db, postId, uid)]
      : [];
  });
  const counted = await countUnmarked(db, likes, FieldValue.increment);
  const next: LikeCountsMigration = {
    cursor: page.at(-1)?.id ?? progress.cursor,
    done: page.length < EDGES_PER_PAGE,
    edgesRead: progress.edgesRead + page.length,
    edgesCounted: progress.edgesCounted + counted,
  };
  const batch = db.batch();
  if (read.exists) batch.update(progressRef, { ...next }, { lastUpdateTime: read.updateTime! });
  else batch.create(progressRef, next);
  return (await committedIfUnchanged(progressRef, read, () => batch.commit())) ? next : null;
}

/**
 * Recounts every post whose `likes` is at its bound (`likesComplete: false`): its count comes from
 * the shards, which now hold every like. Pages of an equality query, reading no field. Returns how
 * many posts it recounted.
 */
export async function recountPostsBeyondBound(db: Firestore): Promise<number> {
  let recounted = 0;
  let after: string | null = null;
  for (;;) {
    let query = db
      .collection(COLLECTIONS.posts)
      .where('likesComplete', '==', false)
      .orderBy(FieldPath.documentId())
      .select()
      .limit(POSTS_PER_PAGE);
    if (after !== null) query = query.startAfter(after);
    const page = (await query.get()).docs;
    for (const post of page) await syncPostCounts(db, post.id, { comments: false });
    recounted += page.length;
    if (page.length < POSTS_PER_PAGE) return recounted;
    after = page.at(-1)!.id;
  }
}

/** Runs pages until every edge is counted, then the recount; returns the final progress. */
export async function migrateLikeCounts(
  db: Firestore,
  onPage: (progress: LikeCountsMigration) => void = () => {},
): Promise<LikeCountsMigration & { postsRecounted: number }> {
  for (;;) {
    const progress = await migrateLikeCountsPage(db);
    if (progress === null) continue;
    onPage(progress);
    if (progress.done) {
      return { ...progress, postsRecounted: await recountPostsBeyondBound(db) };
    }
  }
}
