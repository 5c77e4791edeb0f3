// A post's tags (docs/DATA_MODEL.md "Tags"): `posts/{postId}.tags` is what its caption links, and
// each tag counts once on the day the post was created (`tagDays/{day}`), for the trending list,
// while the post is not marked as a suspended member's.
// Decided from what is stored now, never from the event: `postTags/{postId}` records what was
// counted for the post, so a run compares the post (or its absence) with that record and writes
// only the difference. A redelivered, late or repeated event finds nothing left to do. Plain
// functions of a Firestore, so that tests call them against either emulator.
import {
  FieldValue,
  type DocumentData,
  type DocumentSnapshot,
  type Firestore,
} from 'firebase-admin/firestore';
import {
  AUTHOR_SUSPENDED,
  COLLECTIONS,
  tagDayOf,
  SERVER_COLLECTIONS,
} from 'shared-firebase/server';
// The parser the pages link tags with (a plain module, no React): the stored tags are exactly
// the linked ones.
import { tagsIn } from 'shared-ui/src/text/links';
import { changedCounts, countsOf, dayChanges, type CountedTags } from './tagCounts';

const sameList = (a: unknown, b: unknown): boolean =>
  Array.isArray(a) && Array.isArray(b)
    ? a.length === b.length && a.every((item, index) => item === b[index])
    : a === b;

/** The tags a post's caption links, in order, each once. */
export function captionTags(post: DocumentData | undefined): string[] {
  const caption: unknown = post?.postCaption;
  return typeof caption === 'string' ? tagsIn(caption) : [];
}

/**
 * Whether a write to a post can change its tags or their counts: its creation or deletion, a new
 * caption, its suspension mark set or lifted, or a change to `tags` (the function's own write,
 * which then finds nothing to do). Likes and the follow fan-out, most of a post's writes, change
 * neither.
 */
export function mayChangeTags(
  before: DocumentData | undefined,
  after: DocumentData | undefined,
): boolean {
  if (!before || !after) return true;
  return (
    before.postCaption !== after.postCaption ||
    before[AUTHOR_SUSPENDED] !== after[AUTHOR_SUSPENDED] ||
    !sameList(before.tags, after.tags)
  );
}

/**
 * What a post is to be counted as: its tags on its creation day; null for none. A suspended
 * member's post counts nothing (trending would otherwise show what every reader hides) until the
 * mark is lifted; its `tags` stay, for the tag page, whose readers hide it by the mark.
 */
function toCount(post: DocumentSnapshot): CountedTags | null {
  if (!post.exists || post.get(AUTHOR_SUSPENDED) === true) return null;
  const tags = captionTags(post.data());
  const createdAt: unknown = post.get('createdAt');
  if (tags.length === 0 || typeof (createdAt as { toDate?: unknown })?.toDate !== 'function') {
    return null;
  }
  return { day: tagDayOf((createdAt as { toDate(): Date }).toDate()), tags };
}

/** What `postTags/{postId}` says was counted; null for nothing (or a record of another shape). */
function counted(record: DocumentSnapshot): CountedTags | null {
  const day: unknown = record.get('day');
  const tags: unknown = record.get('tags');
  if (!record.exists || typeof day !== 'string' || !Array.isArray(tags)) return null;
  return { day, tags: tags.filter((tag): tag is string => typeof tag === 'string') };
}

/** How often a run reads and writes again before giving up (its event is then retried). */
export const SETTLE_ATTEMPTS = 8;

/**
 * Brings `posts/{postId}.tags`, its record and the day counts in line with the post as stored now.
 * Resolves to whether anything was written.
 *
 * Why no transaction: this project's emulator takes no locks for server SDK transactions (its
 * README, "Differences"), so two posts of one day counted at once would lose one there. Instead
 * every document written is written only if it is still the version read (an update or delete
 * with a `lastUpdateTime` precondition, honoured by both emulators and production), all in one
 * batch: when another run got in first, the batch fails whole and this run reads again. A
 * document to be counted into that does not exist yet is first created empty by a merge (never a
 * `create`: over REST the Admin SDK retries a refused create without end), then updated the same
 * way.
 */
export async function settlePostTags(db: Firestore, postId: string): Promise<boolean> {
  const postRef = db.collection(COLLECTIONS.posts).doc(postId);
  const recordRef = db.collection(SERVER_COLLECTIONS.postTags).doc(postId);
  let wrote = false;
  for (let attempt = 0; attempt < SETTLE_ATTEMPTS; attempt += 1) {
    const [post, record] = (await db.getAll(postRef, recordRef)) as [
      DocumentSnapshot,
      DocumentSnapshot,
    ];
    const want = toCount(post);
    const had = counted(record);
    const tags = captionTags(post.data());
    const stored: unknown = post.get('tags');
    const postStale =
      post.exists && (tags.length > 0 ? !sameList(stored, tags) : stored !== undefined);
    const recordStale = want
      ? !(had && had.day === want.day && sameList(had.tags, want.tags))
      : record.exists;
    const changes = dayChanges(had, want);
    if (!postStale && !recordStale && changes.size === 0) return wrote;

    const dayRefs = [...changes.keys()].map((day) => db.collection(COLLECTIONS.tagDays).doc(day));
    const days = dayRefs.length > 0 ? await db.getAll(...dayRefs) : [];
    const missing = [
      ...(want && !record.exists ? [recordRef] : []),
      ...days
        .filter((day) => !day.exists && changes.get(day.id)!.added.length > 0)
        .map((day) => day.ref),
    ];
    if (missing.length > 0) {
      await Promise.all(missing.map((ref) => ref.set({}, { merge: true })));
      wrote = true;
      continue;
    }

    const batch = db.batch();
    for (const day of days) {
      if (!day.exists) continue;
      const { removed, added } = changes.get(day.id)!;
      const counts = changedCounts(countsOf(day.get('counts')), removed, added);
      const precondition = { lastUpdateTime: day.updateTime! };
      if (counts.length > 0) batch.update(day.ref, { counts }, precondition);
      else batch.delete(day.ref, precondition);
    }
    if (recordStale) {
      const precondition = { lastUpdateTime: record.updateTime! };
      if (want) batch.update(recordRef, { day: want.day, tags: want.tags }, precondition);
      else batch.delete(recordRef, precondition);
    }
    if (postStale) {
      batch.update(
        postRef,
        { tags: tags.length > 0 ? tags : FieldValue.delete() },
        { lastUpdateTime: post.updateTime! },
      );
    }
    try {
      await batch.commit();
      return true;
    } catch {
      // A document written since it was read: read again. Any other failure repeats until the
      // attempts run out, then the event is retried.
    }
  }
  throw new Error(`tags of ${postId} still moving after ${SETTLE_ATTEMPTS} attempts`);
}
