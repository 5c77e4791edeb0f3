// One post in its followers' timelines (docs/DATA_MODEL.md "Timelines"): pushed page by page
// while the post exists, removed once it is gone; resumable through `timelineFanouts/{postId}`.
import type {
  DocumentSnapshot,
  Firestore,
  QueryDocumentSnapshot,
  Timestamp,
} from 'firebase-admin/firestore';
import {
  COLLECTIONS,
  committedIfUnchanged,
  GUARDED_ATTEMPTS,
  TIMELINE_ENTRIES,
} from 'shared-firebase/server';
import { lanesFor, TIMELINE_PAGE_SIZE, type TimelineOptions } from './bounds';
import {
  fanoutRef,
  laneRanges,
  laneRefs,
  startFanout,
  stopFanout,
  type FanoutLane,
} from './fanoutProgress';
import { committedWithProgress, followEdgesAfter, type EdgeRange } from './followerPages';
import { pushesPosts } from './pulledAuthors';

export type { TimelineFanout } from './fanoutProgress';

/** `timelines/{uid}/entries/{postId}`. */
export const entryRef = (db: Firestore, uid: string, postId: string) =>
  db.collection(COLLECTIONS.timelines).doc(uid).collection(TIMELINE_ENTRIES).doc(postId);

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

/** What the push writes into each follower's timeline. */
interface PushedPost {
  postId: string;
  author: string;
  createdAt: Timestamp;
}

/** The entries a lane wrote, and whether it is done with the post listed. */
interface LaneResult {
  written: number;
  finished: boolean;
}

/**
 * Writes the post into the timeline of each follower whose edge is in the lane's `range`, a page
 * of follow edges (`follows` where `target ==`, in id order) at a time; each page is one batch
 * that also advances the lane's progress, committed only if the lane is still the version read,
 * then checked against the edges as they are after the commit. A crashed run's redelivered event
 * resumes after the lane's last page committed; a finished lane reads no edge; a delete meanwhile
 * says `listed: false` on the lane, which stops it at its next page. The next page's edges are
 * read while a page commits, and after the commit the lane is read again while that page's edges
 * are checked: a page waits for two round trips.
 */
async function pushLane(
  db: Firestore,
  post: PushedPost,
  range: EdgeRange,
  lane: DocumentSnapshot,
  pageSize: number,
): Promise<LaneResult> {
  const { postId, author } = post;
  let written = 0;
  let refused = 0;
  let read = lane;
  /** The page after a cursor, read ahead while the page before it commits. */
  let ahead: { after: string; edges: Promise<QueryDocumentSnapshot[]> } | null = null;
  while (refused < GUARDED_ATTEMPTS) {
    const progress = read.data() as FanoutLane | undefined;
    if (!progress?.listed || progress.done) {
      return { written, finished: progress?.listed === true && progress.done };
    }
    const edges: QueryDocumentSnapshot[] =
      ahead && ahead.after === progress.cursor
        ? await ahead.edges
        : await followEdgesAfter(db, author, progress.cursor, pageSize, range);
    const last: string | undefined = edges.at(-1)?.id;
    ahead = null;
    if (last !== undefined && edges.length === pageSize) {
      ahead = { after: last, edges: followEdgesAfter(db, author, last, pageSize, range) };
      // A page read ahead may go unused (the progress moved on): its failure is nobody's then,
      // and an awaited one still throws.
      ahead.edges.catch(() => undefined);
    }
    const batch = db.batch();
    for (const edge of edges) {
      const follower: unknown = edge.get('follower');
      if (typeof follower === 'string') batch.set(entryRef(db, follower, postId), post);
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
      // Changed meanwhile: another run's page of this lane, or a delete's stop (final).
      read = await read.ref.get();
      refused += 1;
    }
  }
  throw new Error(`${lane.ref.path} kept changing`);
}

/** The author's follower count as last counted (0 before the first count): one field read. */
async function followerCount(db: Firestore, uid: string): Promise<number> {
  const member = db.collection(COLLECTIONS.usersData).doc(uid);
  const [read] = await db.getAll(member, { fieldMask: ['counts.followers'] });
  const followers: unknown = read?.get('counts.followers');
  return typeof followers === 'number' ? followers : 0;
}

/**
 * Writes the post into the timeline of each follower of its author: the follow edges split into
 * id ranges (lanes, more for a larger audience), each pushed by its own loop (`pushLane`), all
 * at once. The progress says done
 * once every lane is. A lane that fails waits for the others before the event is retried, so no
 * page of this run is still being written when the retry starts.
 */
async function pushToFollowers(
  db: Firestore,
  post: PushedPost,
  options: TimelineOptions,
): Promise<number> {
  const lanes = await startFanout(
    db,
    post.postId,
    post.author,
    options.lanes ?? lanesFor(await followerCount(db, post.author)),
  );
  if (lanes === null) return 0;
  const ref = fanoutRef(db, post.postId);
  const [fanout, ...lanesRead] = await db.getAll(ref, ...laneRefs(ref, lanes));
  const pageSize = options.pageSize ?? TIMELINE_PAGE_SIZE;
  const ranges = laneRanges(lanes);
  const results = await Promise.allSettled(
    lanesRead.map((lane, n) => pushLane(db, post, ranges[n]!, lane, pageSize)),
  );
  const pushed: LaneResult[] = [];
  for (const result of results) {
    if (result.status === 'rejected') throw result.reason;
    pushed.push(result.value);
  }
  if (pushed.every((lane) => lane.finished)) {
    // Refused only when a delete stopped the push, or another run said done first.
    await committedIfUnchanged(ref, fanout!, () =>
      ref.update({ done: true }, { lastUpdateTime: fanout!.updateTime! }),
    );
  }
  return pushed.reduce((sum, lane) => sum + lane.written, 0);
}

/**
 * Deletes every timeline entry of `postId`, a batch at a time, found by the collection-group index
 * on `entries.postId` (firestore.indexes.json): the pushed ones, the ones a follow copied, and the
 * author's own. Idempotent. The progress and its lanes say `listed: false` first, so a push still
 * running commits no further page in any lane.
 */
async function removeEverywhere(db: Firestore, postId: string, author: string): Promise<number> {
  await stopFanout(db, postId, author);
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
  await fanoutRef(db, postId).update({ done: true });
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
  const written = await pushToFollowers(db, { postId, author: owner, createdAt }, options);
  return { listed: true, pushed: true, entries: written + 1 };
}
