// One post in its followers' timelines (docs/DATA_MODEL.md "Timelines"): pushed page by page
// while the post exists, removed once it is gone; resumable through `timelineFanouts/{postId}`.
import {
  Timestamp,
  type DocumentSnapshot,
  type Firestore,
  type QueryDocumentSnapshot,
} from 'firebase-admin/firestore';
import {
  COLLECTIONS,
  GUARDED_ATTEMPTS,
  TIMELINE_ENTRIES,
  SERVER_COLLECTIONS,
} from 'shared-firebase/server';
import { TIMELINE_FANOUT_KEEP_MS, TIMELINE_PAGE_SIZE, type TimelineOptions } from './bounds';
import { committedWithProgress, followEdgesAfter } from './followerPages';
import { pushesPosts } from './pulledAuthors';

/** `timelineFanouts/{postId}`, written by this function only. */
export interface TimelineFanout {
  postId: string;
  author: string;
  /** The state the timelines are brought to: the post in them (it exists) or not. */
  listed: boolean;
  /** The id of the last follow edge done, in document id order; null before the first page. */
  cursor: string | null;
  done: boolean;
  /** When production's TTL policy deletes this progress (TIMELINE_FANOUT_KEEP_MS after its start). */
  expireAt: Timestamp;
}

/** `timelines/{uid}/entries/{postId}`. */
export const entryRef = (db: Firestore, uid: string, postId: string) =>
  db.collection(COLLECTIONS.timelines).doc(uid).collection(TIMELINE_ENTRIES).doc(postId);

/**
 * The progress document, started when absent. `listed: false` is final (a post id is never used
 * again: its tombstone stays), so a delete's progress is never restarted by a late create event.
 * A transaction, so two runs leave one progress, and the other run's next page (guarded by its
 * version) sees the change.
 */
async function progressFor(
  db: Firestore,
  postId: string,
  author: string,
  listed: boolean,
): Promise<DocumentSnapshot> {
  const ref = db.collection(SERVER_COLLECTIONS.timelineFanouts).doc(postId);
  await db.runTransaction(async (transaction) => {
    const read = await transaction.get(ref);
    if (read.exists && (read.get('listed') === listed || read.get('listed') === false)) return;
    const start: TimelineFanout = {
      postId,
      author,
      listed,
      cursor: null,
      done: false,
      expireAt: Timestamp.fromMillis(Date.now() + TIMELINE_FANOUT_KEEP_MS),
    };
    transaction.set(ref, start);
  });
  return ref.get();
}

/**
 * Takes the post back out of the timelines of a committed page's followers whose edge is gone: an
 * unfollow after the page was read, whose own clean-up ran before the page's commit, would
 * otherwise keep the post. An unfollow after this read finds the entry and removes it itself.
 */
async function withdrawFromUnfollowers(
  db: Firestore,
  postId: string,
  edges: readonly QueryDocumentSnapshot[],
): Promise<void> {
  if (edges.length === 0) return;
  const now = await db.getAll(...edges.map((edge) => edge.ref));
  const batch = db.batch();
  let gone = 0;
  now.forEach((edge, index) => {
    const follower: unknown = edges[index]!.get('follower');
    if (edge.exists || typeof follower !== 'string') return;
    batch.delete(entryRef(db, follower, postId));
    gone += 1;
  });
  if (gone > 0) await batch.commit();
}

/**
 * Writes the post into the timeline of each follower of its author, a page of follow edges
 * (`follows` where `target ==`, in id order) at a time; each page is one batch that also advances
 * the progress, committed only if the progress is still the version read, then checked against
 * the edges as they are after the commit. A crashed run's redelivered event resumes after the
 * last page committed; a finished one reads no edge; a delete meanwhile restarts the progress,
 * which stops this run at its next page. The next page's edges are read while a page commits,
 * and after the commit the progress is read again while that page's edges are checked: a page
 * waits for two round trips (the commit, then the two reads), where it waited for six.
 */
async function pushToFollowers(
  db: Firestore,
  postId: string,
  author: string,
  createdAt: Timestamp,
  pageSize: number,
): Promise<number> {
  let written = 0;
  let refused = 0;
  let read = await progressFor(db, postId, author, true);
  /** The page after a cursor, read ahead while the page before it commits. */
  let ahead: { after: string; edges: Promise<QueryDocumentSnapshot[]> } | null = null;
  while (refused < GUARDED_ATTEMPTS) {
    const progress = read.data() as TimelineFanout | undefined;
    if (!progress?.listed || progress.done) return written;
    const edges: QueryDocumentSnapshot[] =
      ahead && ahead.after === progress.cursor
        ? await ahead.edges
        : await followEdgesAfter(db, author, progress.cursor, pageSize);
    const last: string | undefined = edges.at(-1)?.id;
    ahead = null;
    if (last !== undefined && edges.length === pageSize) {
      ahead = { after: last, edges: followEdgesAfter(db, author, last, pageSize) };
      // A page read ahead may go unused (the progress moved on): its failure is nobody's then,
      // and an awaited one still throws.
      ahead.edges.catch(() => undefined);
    }
    const batch = db.batch();
    for (const edge of edges) {
      const follower: unknown = edge.get('follower');
      if (typeof follower === 'string') {
        batch.set(entryRef(db, follower, postId), { postId, author, createdAt });
      }
    }
    if (await committedWithProgress(batch, read, edges, pageSize)) {
      const [next] = await Promise.all([
        read.ref.get(),
        withdrawFromUnfollowers(db, postId, edges),
      ]);
      read = next;
      written += edges.length;
      refused = 0;
    } else {
      // Changed meanwhile: another run's page, or a delete's restart (which stays final).
      read = await progressFor(db, postId, author, true);
      refused += 1;
    }
  }
  throw new Error(`timelineFanouts/${postId} kept changing`);
}

/**
 * Deletes every timeline entry of `postId`, a batch at a time, found by the collection-group index
 * on `entries.postId` (firestore.indexes.json): the pushed ones, the ones a follow copied, and the
 * author's own. Idempotent. The progress says `listed: false` first, so a push still running
 * commits no further page.
 */
async function removeEverywhere(db: Firestore, postId: string, author: string): Promise<number> {
  await progressFor(db, postId, author, false);
  const entries = db.collectionGroup(TIMELINE_ENTRIES).where('postId', '==', postId).select();
  let removed = 0;
  for (;;) {
    const page = await entries.limit(500).get();
    if (page.empty) break;
    const batch = db.batch();
    for (const entry of page.docs) batch.delete(entry.ref);
    await batch.commit();
    removed += page.size;
  }
  const progress = db.collection(SERVER_COLLECTIONS.timelineFanouts).doc(postId);
  await progress.update({ done: true });
  return removed;
}

/**
 * Brings the timelines to what `posts/{postId}` is NOW (so the same event twice, or a create's
 * event arriving after the delete's, end right): an existing post is in its author's timeline and,
 * unless every follower pulls the author's posts, in each follower's; a deleted one is in none.
 * `author` names the author of a post that is gone (the delete event's data).
 */
export async function settlePostTimelines(
  db: Firestore,
  postId: string,
  author: string,
  options: TimelineOptions = {},
): Promise<{ listed: boolean; pushed: boolean; entries: number }> {
  const post = await db.collection(COLLECTIONS.posts).doc(postId).get();
  const createdAt = post.get('createdAt') as Timestamp | undefined;
  if (!post.exists || !createdAt) {
    return { listed: false, pushed: false, entries: await removeEverywhere(db, postId, author) };
  }
  const owner = post.get('uid') as string;
  await entryRef(db, owner, postId).set({ postId, author: owner, createdAt });
  if (!(await pushesPosts(db, owner))) return { listed: true, pushed: false, entries: 1 };
  const written = await pushToFollowers(
    db,
    postId,
    owner,
    createdAt,
    options.pageSize ?? TIMELINE_PAGE_SIZE,
  );
  return { listed: true, pushed: true, entries: written + 1 };
}
