// What an action does to the recipient's activity item, decided from what is stored now: the item,
// and the server-only record of the last notice for the same item id (docs/DATA_MODEL.md
// "Activity", "Notice records"). Pure, so the rules of "notify once" are tested without a backend.

/** A day: a like or follow withdrawn and made again within it does not notify again. */
export const RENOTIFY_AFTER_MS = 24 * 60 * 60 * 1000;

/** `activity/{recipient}/notices/{itemId}`: written by the functions only, read by nobody else. */
export interface NoticeRecord {
  /** When the recipient was last told (the `createdAt` of the item then written), in ms. */
  notifiedAt: number;
  /** When the action was last withdrawn (unlike, unfollow) and its item removed; null while it stands. */
  withdrawnAt: number | null;
  /** The item's `read` when it was removed; null when the recipient had already removed it. */
  readWhenWithdrawn: boolean | null;
}

/** The item as far as the decision needs it. */
export interface StoredItem {
  read: boolean;
  /** Its `createdAt` in ms (null for an item written without one). */
  createdAt: number | null;
}

export interface Stored {
  item: StoredItem | null;
  record: NoticeRecord | null;
}

/** The writes a decision asks for; `keep` writes nothing. */
export type Decision =
  | { kind: 'keep' }
  | {
      kind: 'write';
      /** The item to write (createdAt and read; the rest comes from the action), or delete, or leave. */
      item: { createdAt: number; read: boolean } | 'delete' | 'leave';
      record: NoticeRecord;
    };

const keep: Decision = { kind: 'keep' };

const notifyNow = (at: number): Decision => ({
  kind: 'write',
  item: { createdAt: at, read: false },
  record: { notifiedAt: at, withdrawnAt: null, readWhenWithdrawn: null },
});

/**
 * A relationship (a like, a follow) that stands now, seen by an event of time `at`. Once told, the
 * recipient is not told again about the same actor and target within a day: a like made again
 * after an unlike within the day brings back the item it had (its time and read state), unless the
 * recipient had removed that item. After a day, a new like is a new notice.
 */
export function decideStanding({ item, record }: Stored, at: number): Decision {
  if (item) return keep;
  if (!record) return notifyNow(at);
  // Still standing since it was told: the recipient removed the item, or the event came again.
  if (record.withdrawnAt === null) return keep;
  if (at - record.notifiedAt >= RENOTIFY_AFTER_MS) return notifyNow(at);
  const back = { ...record, withdrawnAt: null, readWhenWithdrawn: null };
  if (record.readWhenWithdrawn === null) return { kind: 'write', item: 'leave', record: back };
  return {
    kind: 'write',
    item: { createdAt: record.notifiedAt, read: record.readWhenWithdrawn },
    record: back,
  };
}

/**
 * A relationship that no longer stands (unliked, unfollowed), seen by an event of time `at`: its
 * item goes (an item says what is true now), and the record remembers when the recipient was told
 * and whether they had read it.
 */
export function decideWithdrawn({ item, record }: Stored, at: number): Decision {
  if (item) {
    return {
      kind: 'write',
      item: 'delete',
      record: {
        // An item from before the functions has no record: its own time is when it told.
        notifiedAt: record?.notifiedAt ?? item.createdAt ?? at,
        withdrawnAt: at,
        readWhenWithdrawn: item.read,
      },
    };
  }
  if (record && record.withdrawnAt === null) {
    return { kind: 'write', item: 'leave', record: { ...record, withdrawnAt: at } };
  }
  return keep;
}

/**
 * A one-off action (a comment, a reply) made at `at`: told once. An event delivered again finds
 * the record of its own time, or a later one, and writes nothing; a new action that takes the same
 * item id later (a reply at the same place in the thread by the same member) is told anew.
 */
export function decideOneOff({ record }: Stored, at: number): Decision {
  if (record && record.notifiedAt >= at) return keep;
  return notifyNow(at);
}

/**
 * A mention, seen by an event of time `at`: told once per place and recipient, ever. An event
 * delivered again, an edit that mentions the member again, or one after the recipient removed the
 * item finds the record and writes nothing.
 */
export function decideOnce({ record }: Stored, at: number): Decision {
  if (record) return keep;
  return notifyNow(at);
}
