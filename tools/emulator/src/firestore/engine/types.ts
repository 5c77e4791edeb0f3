import type { Micros } from '../../values/timestamps';
import type { DocLookup, Fields, PlannedWrite, StoredDocument, Value } from '../../values/types';

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
   * FirestoreError to reject the whole batch. `planned` holds each written document once, before
   * the commit and after all of its writes; documents only verified are not in it.
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

/** A field of a query or write: its path segments, or null for the document name (`__name__`). */
export type FieldRef = string[] | null;

export type FieldOperator =
  | 'EQUAL'
  | 'NOT_EQUAL'
  | 'LESS_THAN'
  | 'LESS_THAN_OR_EQUAL'
  | 'GREATER_THAN'
  | 'GREATER_THAN_OR_EQUAL'
  | 'IN'
  | 'NOT_IN'
  | 'ARRAY_CONTAINS'
  | 'ARRAY_CONTAINS_ANY';

export type UnaryOperator = 'IS_NAN' | 'IS_NULL' | 'IS_NOT_NAN' | 'IS_NOT_NULL';

/** A validated filter: operands are canonical values, `IN`-like operands non-empty arrays. */
export type Filter =
  | { kind: 'composite'; op: 'AND' | 'OR'; filters: Filter[] }
  | { kind: 'field'; field: FieldRef; op: FieldOperator; value: Value }
  | { kind: 'unary'; field: FieldRef; op: UnaryOperator };

export interface Order {
  field: FieldRef;
  descending: boolean;
}

export interface Cursor {
  values: Value[];
  before: boolean;
}

/** A validated query, as the protocol layer compiles it from a wire `StructuredQuery`. */
export interface QueryPlan {
  /** projects/{p}/databases/{d} */
  database: string;
  /** `<database>/documents`, or the document name the collection(s) hang under. */
  parent: string;
  collectionId: string;
  /** A collection-group query: every collection with that id under `parent`. */
  allDescendants: boolean;
  where: Filter | null;
  /** Complete: the explicit orders, then Firestore's implicit ones, ending with `__name__`. */
  orderBy: Order[];
  startAt: Cursor | null;
  endAt: Cursor | null;
  offset: number;
  limit?: number;
  /** The `select` field paths; null returns whole documents. */
  select: string[][] | null;
}

/** A write precondition; an absent member is not checked. */
export interface Precondition {
  exists?: boolean;
  updateTime?: Micros;
}

export type FieldTransform =
  | { path: string[]; kind: 'serverTime' }
  | { path: string[]; kind: 'increment' | 'maximum' | 'minimum'; operand: Value }
  | { path: string[]; kind: 'appendMissingElements' | 'removeAllFromArray'; values: Value[] };

/** A validated write of a commit, as the protocol layer decodes it from a wire `Write`. */
export type Write =
  | { kind: 'verify'; name: string; precondition: Precondition | null }
  | { kind: 'delete'; name: string; precondition: Precondition | null }
  | {
      kind: 'update';
      name: string;
      precondition: Precondition | null;
      fields: Fields;
      /** With a mask, only these paths change (a path absent from `fields` is deleted). */
      mask: string[][] | null;
      /** null when the wire write had none (then no `transformResults` are returned). */
      transforms: FieldTransform[] | null;
    }
  | {
      kind: 'transform';
      name: string;
      precondition: Precondition | null;
      transforms: FieldTransform[] | null;
    };

/** One aggregation of a `runAggregationQuery`, under the alias its result is returned by. */
export type Aggregation =
  | { alias: string; kind: 'count'; upTo?: number }
  | { alias: string; kind: 'sum' | 'avg'; field: string[] };
