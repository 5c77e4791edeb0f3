// The migration of a database in the seed's shape (likes only in the posts' `likes` arrays) to the
// like edges (docs/DATA_MODEL.md "Like edges", "Migrating likes"). A job of pages: each page reads
// some posts in id order and creates the edges their `likes` list that are missing, the last batch
// with the job's progress, so it can stop anywhere and resume, and a second run creates nothing.
import { FieldPath, FieldValue, type Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS, committedIfUnchanged, likeEdgeId } from 'shared-firebase/server';

/** `migrations/likes`: the job's progress (server only). */
export const LIKES_MIGRATION = { collection: 'migrations', id: 'likes' } as const;

/** The progress document's fields. */
export interface LikesMigration {
  /** The last post done, in id order; null before the first page. */
  cursor: string | null;
  done: boolean;
  /** Edges this run created, and posts read. */
  edgesCreated: number;
  postsRead: number;
}

/** Posts per page (each lists at most LIKES_LIST_BOUND likers). */
const POSTS_PER_PAGE = 10;
/** Edges created per batch (one write each). */
const EDGES_PER_BATCH = 400;

/** One like to create: the post, its author and the liker. */
interface MissingLike {
  postId: string;
  author: string;
  uid: string;
}

/** The likes a page of posts lists that have no edge yet. */
async function missingLikes(
  db: Firestore,
  posts: FirebaseFirestore.QueryDocumentSnapshot[],
): Promise<MissingLike[]> {
  const missing: MissingLike[] = [];
  for (const post of posts) {
    const author: unknown = post.get('uid');
    const stored: unknown = post.get('likes');
    if (typeof author !== 'string' || !Array.isArray(stored)) continue;
    const likers = [...new Set(stored)].filter((uid): uid is string => typeof uid === 'string');
    const edges = likers.map((uid) =>
      db.collection(COLLECTIONS.likes).doc(likeEdgeId(post.id, uid)),
    );
    const existing = edges.length ? await db.getAll(...edges) : [];
    existing.forEach((edge, i) => {
      if (!edge.exists) missing.push({ postId: post.id, author, uid: likers[i]! });
    });
  }
  return missing;
}

/**
 * Runs one page of the migration; returns the progress after it, or null when another runner
 * committed this page first (read again). A crash between the page's batches leaves some edges
 * made, which the retried page finds and skips.
 */
export async function migrateLikesPage(db: Firestore): Promise<LikesMigration | null> {
  const progressRef = db.collection(LIKES_MIGRATION.collection).doc(LIKES_MIGRATION.id);
  const read = await progressRef.get();
  const stored = read.data() as LikesMigration | undefined;
  // A finished migration run again starts over: it creates only what is missing.
  const progress: LikesMigration =
    stored && !stored.done ? stored : { cursor: null, done: false, edgesCreated: 0, postsRead: 0 };
  // Only the fields the page needs: a post's follower list may be far larger than its likes.
  let posts = db
    .collection(COLLECTIONS.posts)
    .orderBy(FieldPath.documentId())
    .select('uid', 'likes')
    .limit(POSTS_PER_PAGE);
  if (progress.cursor !== null) posts = posts.startAfter(progress.cursor);
  const page = (await posts.get()).docs;
  const missing = await missingLikes(db, page);
  const next: LikesMigration = {
    cursor: page.at(-1)?.id ?? progress.cursor,
    done: page.length < POSTS_PER_PAGE,
    edgesCreated: progress.edgesCreated + missing.length,
    postsRead: progress.postsRead + page.length,
  };
  for (let start = 0; ; start += EDGES_PER_BATCH) {
    const batch = db.batch();
    for (const { postId, author, uid } of missing.slice(start, start + EDGES_PER_BATCH)) {
      // `migrated`: the old product notified this like already (the activity function skips it).
      batch.set(db.collection(COLLECTIONS.likes).doc(likeEdgeId(postId, uid)), {
        postId,
        uid,
        author,
        createdAt: FieldValue.serverTimestamp(),
        migrated: true,
      });
    }
    if (start + EDGES_PER_BATCH < missing.length) {
      await batch.commit();
      continue;
    }
    if (read.exists) batch.update(progressRef, { ...next }, { lastUpdateTime: read.updateTime! });
    else batch.create(progressRef, next);
    return (await committedIfUnchanged(progressRef, read, () => batch.commit())) ? next : null;
  }
}

/** Runs pages until the migration is done (the command's loop); returns the final progress. */
export async function migrateLikes(
  db: Firestore,
  onPage: (progress: LikesMigration) => void = () => {},
): Promise<LikesMigration> {
  for (;;) {
    const progress = await migrateLikesPage(db);
    if (progress === null) continue;
    onPage(progress);
    if (progress.done) return progress;
  }
}
