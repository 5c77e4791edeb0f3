// A day's tag counts (`tagDays/{day}.counts`, docs/DATA_MODEL.md "Tags") changed by one post's
// tags: plain data in, plain data out, so the function's transaction only reads and writes.
import type { TagCount } from 'shared-firebase/server';

/**
 * The most tags one day keeps. A day document stays far below Firestore's 1 MiB this way (a tag
 * entry is at most a few hundred bytes); past it the least used tags of the day are dropped, which
 * the trending list (the most used ones) never shows.
 */
export const TAG_DAY_MAX_TAGS = 2000;

/** What one post's tags were counted as, and on which day (`postTags/{postId}`). */
export interface CountedTags {
  day: string;
  tags: string[];
}

/** Most used first; equal counts by tag, so the order is the same on every run. */
function byUse(a: TagCount, b: TagCount): number {
  return b.count - a.count || (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0);
}

/** A stored counts list read defensively: entries of another shape are left out. */
export function countsOf(stored: unknown): TagCount[] {
  if (!Array.isArray(stored)) return [];
  return stored.filter(
    (entry): entry is TagCount =>
      typeof (entry as TagCount | null)?.tag === 'string' &&
      Number.isInteger((entry as TagCount).count) &&
      (entry as TagCount).count > 0,
  );
}

/**
 * `counts` with one less for each tag of `removed` and one more for each of `added` (each list
 * distinct); a tag that reaches 0 leaves the list. A removed tag that is not there (dropped at the
 * bound) changes nothing.
 */
export function changedCounts(
  counts: readonly TagCount[],
  removed: readonly string[],
  added: readonly string[],
): TagCount[] {
  const byTag = new Map(counts.map(({ tag, count }) => [tag, count]));
  for (const tag of removed) {
    const count = byTag.get(tag);
    if (count === undefined) continue;
    if (count > 1) byTag.set(tag, count - 1);
    else byTag.delete(tag);
  }
  for (const tag of added) byTag.set(tag, (byTag.get(tag) ?? 0) + 1);
  return [...byTag]
    .map(([tag, count]) => ({ tag, count }))
    .sort(byUse)
    .slice(0, TAG_DAY_MAX_TAGS);
}

/**
 * The changes to make to each day's counts when a post counted as `before` is to be counted as
 * `after` (null: not counted): day → the tags to remove and to add there. Days without change are
 * left out, so an unchanged post writes nothing.
 */
export function dayChanges(
  before: CountedTags | null,
  after: CountedTags | null,
): Map<string, { removed: string[]; added: string[] }> {
  const changes = new Map<string, { removed: string[]; added: string[] }>();
  const dayOf = (day: string) => {
    let change = changes.get(day);
    if (!change) changes.set(day, (change = { removed: [], added: [] }));
    return change;
  };
  const kept = (tag: string, other: CountedTags | null, day: string) =>
    other !== null && other.day === day && other.tags.includes(tag);
  for (const tag of before?.tags ?? []) {
    if (!kept(tag, after, before!.day)) dayOf(before!.day).removed.push(tag);
  }
  for (const tag of after?.tags ?? []) {
    if (!kept(tag, before, after!.day)) dayOf(after!.day).added.push(tag);
  }
  return changes;
}
