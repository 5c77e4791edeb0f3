// The paging both timeline fan-outs share: an author's follow edges a page at a time, and each
// page's batch committed with the progress document's advance past it, only if the progress is
// still the version read (docs/DATA_MODEL.md "Timelines").
import {
  FieldPath,
  type DocumentSnapshot,
  type Firestore,
  type QueryDocumentSnapshot,
  type WriteBatch,
} from 'firebase-admin/firestore';
import { COLLECTIONS, committedIfUnchanged } from 'shared-firebase/server';

/** Edge ids from `from` (inclusive) up to `to` (exclusive); null is unbounded on that side. */
export interface EdgeRange {
  from: string | null;
  to: string | null;
}

const EVERY_EDGE: EdgeRange = { from: null, to: null };

/**
 * The next `pageSize` follow edges of `author` after the edge id `cursor` (from the range's start
 * when null), in id order, within `range`.
 */
export async function followEdgesAfter(
  db: Firestore,
  author: string,
  cursor: string | null,
  pageSize: number,
  range: EdgeRange = EVERY_EDGE,
): Promise<QueryDocumentSnapshot[]> {
  let page = db
    .collection(COLLECTIONS.follows)
    .where('target', '==', author)
    .orderBy(FieldPath.documentId())
    .select('follower')
    .limit(pageSize);
  if (cursor !== null) page = page.startAfter(cursor);
  else if (range.from !== null) page = page.startAt(range.from);
  if (range.to !== null) page = page.endBefore(range.to);
  return (await page.get()).docs;
}

/**
 * Commits `batch` with the progress `read` moved past `edges` (done when the page was short):
 * false, with nothing written, when the progress changed since it was read.
 */
export function committedWithProgress(
  batch: WriteBatch,
  read: DocumentSnapshot,
  edges: readonly QueryDocumentSnapshot[],
  pageSize: number,
): Promise<boolean> {
  const cursor: unknown = read.get('cursor');
  batch.update(
    read.ref,
    { cursor: edges.at(-1)?.id ?? cursor ?? null, done: edges.length < pageSize },
    { lastUpdateTime: read.updateTime! },
  );
  return committedIfUnchanged(read.ref, read, () => batch.commit());
}
