import type { ChangeEvent } from './types';

/** Document reads, writes and deletes of one collection. */
export interface UsageCounts {
  reads: number;
  writes: number;
  deletes: number;
}

export interface CollectionUsageRow extends UsageCounts {
  /** `projects/{p}/databases/{d}` */
  database: string;
  /** The collection's path under the database's documents: `users`, `users/alice/notes`. */
  collection: string;
}

/** Collections counted one by one; the rest are summed under OTHER_COLLECTIONS (memory stays bounded). */
export const MAX_COUNTED_COLLECTIONS = 10_000;
export const OTHER_COLLECTIONS = '(other collections)';

const DOCUMENT_NAME = /^(projects\/[^/]+\/databases\/[^/]+)\/documents\/(.+)\/[^/]+$/;

/**
 * Reads, writes and deletes per collection since the emulator started (or since `reset()`), for
 * the data browser. Writes and deletes are the documents each commit changed (a write that
 * changes nothing is not counted); reads are counted by the server where it grants them.
 */
export class CollectionUsage {
  private readonly counts = new Map<string, CollectionUsageRow>();
  private resetAt = new Date();

  get since(): Date {
    return this.resetAt;
  }

  reset(): void {
    this.counts.clear();
    this.resetAt = new Date();
  }

  /** Documents read (by name). */
  read(names: Iterable<string>): void {
    for (const name of names) this.rowOf(name).reads++;
  }

  /** The documents one commit wrote and deleted. */
  changed(event: ChangeEvent): void {
    for (const { name, before, after } of event.changes) {
      if (after !== null) this.rowOf(name).writes++;
      else if (before !== null) this.rowOf(name).deletes++;
    }
  }

  rows(): CollectionUsageRow[] {
    return [...this.counts.values()].sort(
      (a, b) => a.database.localeCompare(b.database) || (a.collection < b.collection ? -1 : 1),
    );
  }

  /** One collection's counts (zeros when nothing happened there). */
  of(database: string, collection: string): UsageCounts {
    const row = this.counts.get(`${database}\n${collection}`);
    return row
      ? { reads: row.reads, writes: row.writes, deletes: row.deletes }
      : { reads: 0, writes: 0, deletes: 0 };
  }

  private rowOf(documentName: string): CollectionUsageRow {
    const match = DOCUMENT_NAME.exec(documentName);
    const database = match?.[1] ?? '';
    let collection = match?.[2] ?? OTHER_COLLECTIONS;
    let key = `${database}\n${collection}`;
    if (!this.counts.has(key) && this.counts.size >= MAX_COUNTED_COLLECTIONS) {
      collection = OTHER_COLLECTIONS;
      key = `${database}\n${collection}`;
    }
    let row = this.counts.get(key);
    if (!row) {
      row = { database, collection, reads: 0, writes: 0, deletes: 0 };
      this.counts.set(key, row);
    }
    return row;
  }
}
