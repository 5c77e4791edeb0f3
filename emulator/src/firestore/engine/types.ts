/** Wire value in proto3 JSON form, as the SDK sends and expects it. */
export type Value =
  | { nullValue: null | 'NULL_VALUE' }
  | { booleanValue: boolean }
  | { integerValue: string | number }
  | { doubleValue: number | string }
  | { timestampValue: string | { seconds?: string | number; nanos?: number } }
  | { stringValue: string }
  | { bytesValue: string }
  | { referenceValue: string }
  | { geoPointValue: { latitude?: number; longitude?: number } }
  | { arrayValue: { values?: Value[] } }
  | { mapValue: { fields?: Fields } };

export type Fields = Record<string, Value>;

export interface StoredDocument {
  /** Full resource name: projects/{p}/databases/(default)/documents/coll/id */
  name: string;
  fields: Fields;
  createTime: string;
  updateTime: string;
}

export interface ChangeEvent {
  readTime: string;
  changes: Array<{
    name: string;
    before: StoredDocument | null;
    after: StoredDocument | null;
  }>;
}

export interface PlannedWrite {
  name: string;
  method: 'create' | 'update' | 'delete';
  before: StoredDocument | null;
  after: StoredDocument | null;
}

export type DocLookup = (name: string) => StoredDocument | null;

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

/** gRPC status codes by name, as Firestore reports them. */
export const GrpcCode = {
  OK: 0,
  CANCELLED: 1,
  UNKNOWN: 2,
  INVALID_ARGUMENT: 3,
  DEADLINE_EXCEEDED: 4,
  NOT_FOUND: 5,
  ALREADY_EXISTS: 6,
  PERMISSION_DENIED: 7,
  RESOURCE_EXHAUSTED: 8,
  FAILED_PRECONDITION: 9,
  ABORTED: 10,
  OUT_OF_RANGE: 11,
  UNIMPLEMENTED: 12,
  INTERNAL: 13,
  UNAVAILABLE: 14,
  DATA_LOSS: 15,
  UNAUTHENTICATED: 16,
} as const;

export type GrpcStatus = keyof typeof GrpcCode;
