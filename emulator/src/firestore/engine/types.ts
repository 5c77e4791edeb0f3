import type { StoredDocument, Value, PlannedWrite, DocLookup } from '../../values';

export interface ChangeEvent {
  readTime: string;
  changes: Array<{
    name: string;
    before: StoredDocument | null;
    after: StoredDocument | null;
  }>;
}

export interface CommitOptions {
  /**
   * Called once per commit after transforms are resolved and before anything is applied; throw
   * FirestoreError to reject the whole batch. `verify` writes are not in `planned`.
   */
  authorize?: (
    planned: PlannedWrite[],
    lookupBefore: DocLookup,
    lookupAfter: DocLookup,
    /** The commit time (RFC 3339, microseconds): what serverTimestamp() stores. */
    requestTime: string,
  ) => void;
}

export interface WriteResult {
  updateTime?: string;
  transformResults?: Value[];
}

export interface CommitResult {
  commitTime: string;
  writeResults: WriteResult[];
}

export interface BatchGetResult {
  readTime: string;
  results: Array<{ name: string; doc: StoredDocument | null }>;
}

export interface QueryResult {
  readTime: string;
  documents: StoredDocument[];
}

/** A validated query that can test and order single documents (used by the listen server). */
export interface CompiledQuery {
  matches(doc: StoredDocument): boolean;
  compare(a: StoredDocument, b: StoredDocument): number;
  limit?: number;
  /** Always false for wire queries: the SDK already flips limitToLast into a reversed order. */
  limitToLast?: boolean;
  offset: number;
  /** Runs the query against the current data (filters, order, cursors, offset, limit). */
  run(): StoredDocument[];
}
