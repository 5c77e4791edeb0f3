import { getDocs, limit, query, writeBatch } from 'firebase/firestore';
import type { DocumentData, Query, QueryDocumentSnapshot, WriteBatch } from 'firebase/firestore';
import { getDb } from 'shared-firebase';

/**
 * Runs `write` over every document `base` matches, a page of `pageSize` at a time, one batch per
 * page, until the query matches nothing. Every write must take its document out of the query
 * (a delete, or removing the member from the field the query filters on), so the loop ends, and
 * a run that stopped part-way is finished by running it again.
 */
export async function drainQuery<T extends DocumentData>(
  base: Query<T, T>,
  pageSize: number,
  write: (batch: WriteBatch, document: QueryDocumentSnapshot<T, T>) => void,
): Promise<number> {
  let written = 0;
  for (;;) {
    const page = await getDocs(query(base, limit(pageSize)));
    if (page.empty) return written;
    const batch = writeBatch(getDb());
    for (const document of page.docs) write(batch, document);
    await batch.commit();
    written += page.size;
  }
}

/** Deletes every document the query matches, `pageSize` per batch. */
export function deleteAllMatching<T extends DocumentData>(
  base: Query<T, T>,
  pageSize: number,
): Promise<number> {
  return drainQuery(base, pageSize, (batch, document) => batch.delete(document.ref));
}
