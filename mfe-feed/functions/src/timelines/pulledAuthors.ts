// Which authors are read by their followers' feeds rather than pushed into their timelines (the
// pull path, docs/DATA_MODEL.md "Timelines"): `timelineAuthors/{uid}` says so, switched by the
// author's follower count, and every follower's `timelines/{uid}.pulled` follows the switch.
import {
  FieldValue,
  type DocumentReference,
  type Firestore,
  type Timestamp,
} from 'firebase-admin/firestore';
import {
  COLLECTIONS,
  committedIfUnchanged,
  GUARDED_ATTEMPTS,
  TIMELINE_ENTRIES,
  SERVER_COLLECTIONS,
} from 'shared-firebase/server';
import {
  FOLLOW_BACKFILL_POSTS,
  PULL_THRESHOLD,
  PULLED_AUTHORS_BOUND,
  TIMELINE_PAGE_SIZE,
  type TimelineOptions,
} from './bounds';
import { committedWithProgress, followEdgesAfter } from './followerPages';

/** `timelineAuthors/{uid}`, written by this function only. */
export interface PullSwitch {
  author: string;
  /** The author's posts are pulled by followers' feeds (true) or pushed into their timelines. */
  pulled: boolean;
  /** The id of the last follow edge whose follower's timeline follows the switch. */
  cursor: string | null;
  done: boolean;
}

/** Followers per page when an author is pushed again: each is given the newest posts back. */
const UNPULL_PAGE_SIZE = Math.floor(450 / (FOLLOW_BACKFILL_POSTS + 1));

const switchRef = (db: Firestore, uid: string) =>
  db.collection(SERVER_COLLECTIONS.timelineAuthors).doc(uid);

/**
 * Creates the switch unless it exists, and rejects when it does. A transaction rather than
 * `create()`: over REST the SDK retries a create's refusal until its deadline.
 */
async function createIfAbsent(db: Firestore, ref: DocumentReference, data: PullSwitch) {
  const created = await db.runTransaction(async (transaction) => {
    if ((await transaction.get(ref)).exists) return false;
    transaction.create(ref, data);
    return true;
  });
  if (!created) throw new Error(`${ref.path} exists already`);
}

/** Whether `uid`'s posts are pulled: the switch as it stands (absent: pushed). */
export async function isPulledAuthor(db: Firestore, uid: string): Promise<boolean> {
  return (await switchRef(db, uid).get()).get('pulled') === true;
}

/**
 * Whether a new post of `uid` is pushed into followers' timelines: unless the author is pulled
 * and every follower lists them. While a switch to pulled is under way, a follower it has not
 * reached yet neither pulls nor would receive the post, so it is pushed to all (a follower
 * already listed gets it both ways; the feed shows a post once).
 */
export async function pushesPosts(db: Firestore, uid: string): Promise<boolean> {
  const read = await switchRef(db, uid).get();
  return !(read.get('pulled') === true && read.get('done') === true);
}

/**
 * What the switch should say for `followers`: pulled above the threshold, pushed below half of it,
 * and unchanged between, so an author whose count hovers at the threshold does not make every
 * follower's timeline switch back and forth.
 */
export function pullWanted(followers: number, current: boolean, threshold: number): boolean {
  if (followers > threshold) return true;
  if (followers < threshold / 2) return false;
  return current;
}

/** `timelines/{follower}.pulled` with `author` added, unless listed or at the bound. */
export async function listPulled(db: Firestore, follower: string, author: string): Promise<void> {
  const ref = db.collection(COLLECTIONS.timelines).doc(follower);
  await db.runTransaction(async (transaction) => {
    const list: unknown = (await transaction.get(ref)).get('pulled');
    const authors = Array.isArray(list) ? (list as unknown[]) : [];
    if (authors.includes(author) || authors.length >= PULLED_AUTHORS_BOUND) return;
    transaction.set(ref, { pulled: [...authors, author] }, { merge: true });
  });
}

/** The author's newest posts, as timeline entries. */
export async function newestEntries(db: Firestore, author: string) {
  const posts = await db
    .collection(COLLECTIONS.posts)
    .where('uid', '==', author)
    .orderBy('createdAt', 'desc')
    .select('createdAt')
    .limit(FOLLOW_BACKFILL_POSTS)
    .get();
  return posts.docs.map((post) => ({
    postId: post.id,
    author,
    createdAt: post.get('createdAt') as Timestamp,
  }));
}

/**
 * Brings the switch to the author's follower count and every follower's timeline to the switch:
 * switched to pulled, each follower lists the author in `pulled` (one page of follow edges, in id
 * order, at a time); switched back, each follower unlists the author and gets the newest posts
 * back. Each page is one batch with the switch's progress, committed only if the switch is still
 * the version read: a crash resumes after the last page, a redelivered event reads no edge, and a
 * switch back meanwhile restarts the progress and stops the older run.
 */
export async function settlePullSwitch(
  db: Firestore,
  author: string,
  options: TimelineOptions = {},
): Promise<{ pulled: boolean; followers: number }> {
  const threshold = options.pullThreshold ?? PULL_THRESHOLD;
  const counted: unknown = (await db.collection(COLLECTIONS.usersData).doc(author).get()).get(
    'counts.followers',
  );
  const count = typeof counted === 'number' ? counted : 0;
  let followers = 0;
  let refused = 0;
  while (refused < GUARDED_ATTEMPTS) {
    const read = await switchRef(db, author).get();
    const current = read.get('pulled') === true;
    const pulled = pullWanted(count, current, threshold);
    if (!read.exists && !pulled) return { pulled, followers };
    if (!read.exists || current !== pulled) {
      const start: PullSwitch = { author, pulled, cursor: null, done: false };
      const started = await committedIfUnchanged(read.ref, read, () =>
        read.exists
          ? read.ref.update({ ...start }, { lastUpdateTime: read.updateTime! })
          : createIfAbsent(db, read.ref, start),
      );
      if (!started) refused += 1;
      continue;
    }
    const progress = read.data() as PullSwitch;
    if (progress.done) return { pulled, followers };
    const pageSize = pulled
      ? (options.pageSize ?? TIMELINE_PAGE_SIZE)
      : Math.min(options.pageSize ?? UNPULL_PAGE_SIZE, UNPULL_PAGE_SIZE);
    const edges = await followEdgesAfter(db, author, progress.cursor, pageSize);
    const uids = edges
      .map((edge) => edge.get('follower') as unknown)
      .filter((uid): uid is string => typeof uid === 'string');
    const batch = db.batch();
    if (pulled) {
      const timelines = uids.length
        ? await db.getAll(...uids.map((uid) => db.collection(COLLECTIONS.timelines).doc(uid)))
        : [];
      for (const timeline of timelines) {
        const list: unknown = timeline.get('pulled');
        const length = Array.isArray(list) ? list.length : 0;
        if (length < PULLED_AUTHORS_BOUND) {
          batch.set(timeline.ref, { pulled: FieldValue.arrayUnion(author) }, { merge: true });
        }
      }
    } else {
      const entries = await newestEntries(db, author);
      for (const uid of uids) {
        const timeline = db.collection(COLLECTIONS.timelines).doc(uid);
        batch.set(timeline, { pulled: FieldValue.arrayRemove(author) }, { merge: true });
        for (const entry of entries) {
          batch.set(timeline.collection(TIMELINE_ENTRIES).doc(entry.postId), entry);
        }
      }
    }
    if (await committedWithProgress(batch, read, edges, pageSize)) {
      followers += uids.length;
      refused = 0;
    } else refused += 1;
  }
  throw new Error(`timelineAuthors/${author} kept changing`);
}
