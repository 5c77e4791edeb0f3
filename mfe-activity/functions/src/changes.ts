// What one write changed in the arrays the seed's data model keeps relationships in (a post's
// `likes`, a member's `Followers`, a comment's `replies`), read from the event's two snapshots.

type Data = Record<string, unknown> | undefined;

const stringsOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/** The uids added to or removed from the array `field` by the write (each once). */
export function changedMembers(before: Data, after: Data, field: string): string[] {
  const was = new Set(stringsOf(before?.[field]));
  const is = new Set(stringsOf(after?.[field]));
  return [...new Set([...was, ...is])].filter((uid) => was.has(uid) !== is.has(uid));
}

/**
 * The replies the write appended to the thread, each with its position (the thread's length
 * before it, as the reply's activity item id names it). A write that removed a reply appends none.
 */
export function appendedReplies(
  before: Data,
  after: Data,
): Array<{ position: number; userId: string }> {
  const was = Array.isArray(before?.replies) ? before.replies : [];
  const is = Array.isArray(after?.replies) ? after.replies : [];
  const appended: Array<{ position: number; userId: string }> = [];
  for (let position = was.length; position < is.length; position += 1) {
    const reply: unknown = is[position];
    const userId = (reply as { userId?: unknown } | null)?.userId;
    if (typeof userId === 'string') appended.push({ position, userId });
  }
  return appended;
}
