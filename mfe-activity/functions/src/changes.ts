// What one write changed in the arrays the seed's data model keeps relationships in (a post's
// `Followers`, a comment's `replies`), read from the event's two snapshots.

import { MAX_STORED_MENTIONS } from 'shared-firebase/server';

type Data = Record<string, unknown> | undefined;

const stringsOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/** The uids added to or removed from the array `field` by the write (each once). */
export function changedMembers(before: Data, after: Data, field: string): string[] {
  const was = new Set(stringsOf(before?.[field]));
  const is = new Set(stringsOf(after?.[field]));
  return [...new Set([...was, ...is])].filter((uid) => was.has(uid) !== is.has(uid));
}

/** The uids a post, comment or reply lists in `mentions` (each once, at most MAX_STORED_MENTIONS). */
export function mentionsOf(data: Data): string[] {
  return [...new Set(stringsOf(data?.mentions))].slice(0, MAX_STORED_MENTIONS);
}

/** The uids the write added to `mentions` (a new post's all; an edit's new ones). */
export function addedMentions(before: Data, after: Data): string[] {
  const was = new Set(mentionsOf(before));
  return mentionsOf(after).filter((uid) => !was.has(uid));
}

/** A reply the write appended, as its activity items need it. */
export interface AppendedReply {
  /** The thread's length before it, as the reply's activity item id names it. */
  position: number;
  userId: string;
  /** Its stable id; null for a reply in the seed's shape (which cannot mention). */
  id: string | null;
  mentions: string[];
}

/**
 * The replies the write appended to the thread, each with its position. A write that removed a
 * reply appends none.
 */
export function appendedReplies(before: Data, after: Data): AppendedReply[] {
  const was = Array.isArray(before?.replies) ? before.replies : [];
  const is = Array.isArray(after?.replies) ? after.replies : [];
  const appended: AppendedReply[] = [];
  for (let position = was.length; position < is.length; position += 1) {
    const reply = is[position] as Record<string, unknown> | null;
    const userId = reply?.userId;
    if (typeof userId !== 'string') continue;
    const id = typeof reply?.id === 'string' ? reply.id : null;
    appended.push({ position, userId, id, mentions: id ? mentionsOf(reply ?? undefined) : [] });
  }
  return appended;
}
