// Copies one follow into `posts.followers` of every post of the target (the seed's feed query
// reads it), page by page, resumable: `followFanouts/{follower}_{target}` records which state the
// posts are being brought to and the last post done (docs/DATA_MODEL.md "Follow edges").
import { FieldPath, FieldValue, type Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS, SERVER_COLLECTIONS } from 'shared-firebase/server';
import { FANOUT_PAGE_SIZE, followEdgeId, POST_FOLLOWERS_BOUND } from './bounds';
import { committedIfUnchanged, createIfAbsent, GUARDED_ATTEMPTS } from './versioned';

/** `followFanouts/{follower}_{target}`, written by this function only. */
export interface FanoutProgress {
  follower: string;
  target: string;
  /** The state the posts are brought to: the follower in their `followers` or not. */
  inAudience: boolean;
  /** The id of the last post done, in document id order; null before the first page. */
  cursor: string | null;
  done: boolean;
}

/** What one post's `followers` needs for the state, or null when nothing. */
function postChange(followers: unknown, follower: string, inAudience: boolean) {
  const list = Array.isArray(followers) ? followers : [];
  const listed = list.includes(follower);
  if (inAudience && !listed && list.length < POST_FOLLOWERS_BOUND) {
    return { followers: FieldValue.arrayUnion(follower) };
  }
  if (!inAudience && listed) return { followers: FieldValue.arrayRemove(follower) };
  return null;
}

/**
 * Brings every post of `target` to `inAudience` for `follower`. Each page is one batch that also
 * advances the progress document, only if the progress is still the version read: a run started
 * for the other state meanwhile (a follow undone) makes this one read again and follow it, and a
 * crashed run's redelivered event resumes after the last page committed. Reads one page of posts
 * at a time (an index query on `uid`), never the whole collection.
 */
export async function fanOutToPosts(
  db: Firestore,
  follower: string,
  target: string,
  inAudience: boolean,
  pageSize: number = FANOUT_PAGE_SIZE,
): Promise<{ pages: number; postsWritten: number }> {
  const progressRef = db
    .collection(SERVER_COLLECTIONS.followFanouts)
    .doc(followEdgeId(follower, target));
  const result = { pages: 0, postsWritten: 0 };
  let refused = 0;
  while (refused < GUARDED_ATTEMPTS) {
    const read = await progressRef.get();
    const progress = read.data() as FanoutProgress | undefined;
    if (!progress || progress.inAudience !== inAudience) {
      // Out of the audience and never brought into it (no progress at all): the follower is in
      // none of the posts, which only this function and, at a post's creation, the follower's
      // place in `Followers/{target}` put them in. So a follower beyond the list's bound costs
      // no read of the target's posts, however many there are.
      const nothingToTakeOut = !read.exists && !inAudience;
      const start: FanoutProgress = {
        follower,
        target,
        inAudience,
        cursor: null,
        done: nothingToTakeOut,
      };
      const started = await committedIfUnchanged(progressRef, read, () =>
        read.exists
          ? progressRef.update({ ...start }, { lastUpdateTime: read.updateTime! })
          : createIfAbsent(progressRef, start),
      );
      if (!started) refused += 1;
      continue;
    }
    if (progress.done) return result;
    let page = db
      .collection(COLLECTIONS.posts)
      .where('uid', '==', target)
      .orderBy(FieldPath.documentId())
      .limit(pageSize);
    if (progress.cursor !== null) page = page.startAfter(progress.cursor);
    const posts = (await page.get()).docs;
    const batch = db.batch();
    let writes = 0;
    for (const post of posts) {
      const change = postChange(post.get('followers'), follower, inAudience);
      if (change) {
        batch.update(post.ref, change);
        writes += 1;
      }
    }
    batch.update(
      progressRef,
      { cursor: posts.at(-1)?.id ?? progress.cursor, done: posts.length < pageSize },
      { lastUpdateTime: read.updateTime! },
    );
    if (await committedIfUnchanged(progressRef, read, () => batch.commit())) {
      result.pages += 1;
      result.postsWritten += writes;
      refused = 0;
    } else refused += 1;
  }
  throw new Error(`followFanouts/${followEdgeId(follower, target)} kept changing`);
}
