import type { CommitWrite } from './commits-generate';
/**
 * The operations the differential test runs, as plain JSON: generated in Node, printed in a
 * reproduction, and interpreted in the page by the real firebase SDK (page-interpreter.ts).
 * Collection ids in paths are logical; the page prefixes them with the run's namespace so every
 * episode starts from an empty database without clearing either emulator.
 */

/** A value as the SDK writes it. Specials are strings so a reproduction is plain JSON. */
export type Val =
  | { k: 'null' }
  | { k: 'bool'; v: boolean }
  | { k: 'num'; v: number | 'NaN' | 'Infinity' | '-Infinity' | '-0' }
  | { k: 'str'; v: string }
  | { k: 'bytes'; v: string }
  | { k: 'geo'; lat: number; lng: number }
  | { k: 'ts'; s: number; n: number }
  | { k: 'ref'; path: string }
  | { k: 'arr'; v: Val[] }
  | { k: 'map'; v: Record<string, Val> }
  /** Transforms and sentinels (only at the top of a written field). */
  | { k: 'serverTs' }
  | { k: 'inc'; v: number }
  | { k: 'union'; v: Val[] }
  | { k: 'remove'; v: Val[] }
  | { k: 'delete' };

/** A field path: dotted text (`update`'s string form) or segments (a FieldPath, escaped on the wire). */
export type FieldRef = { dotted: string } | { parts: string[] };

export type WriteOp =
  | { op: 'set'; path: string; data: Record<string, Val>; merge?: true; mergeFields?: string[][] }
  | { op: 'update'; path: string; pairs: Array<[FieldRef, Val]> }
  | { op: 'delete'; path: string };

export type Filter =
  { field: string; cmp: string; value: Val | Val[] } | { and: Filter[] } | { or: Filter[] };

export interface QuerySpec {
  /** A collection path, or a collection id when `group` is set. */
  from: string;
  group?: true;
  where?: Filter;
  orderBy?: Array<[string, 'asc' | 'desc']>;
  limit?: number;
  limitToLast?: number;
  cursors?: Array<{ kind: 'startAt' | 'startAfter' | 'endAt' | 'endBefore'; values: Val[] }>;
}

/** Raw Firestore REST values (`integerValue`, `doubleValue`, ...): what the web SDK cannot write. */
export type RawFields = Record<string, unknown>;

export type Op =
  | WriteOp
  | { op: 'batch'; writes: WriteOp[] }
  | { op: 'get'; path: string }
  | { op: 'rawSet'; path: string; fields: RawFields }
  | { op: 'rawGet'; path: string }
  | { op: 'query'; q: QuerySpec }
  | { op: 'aggregate'; q: QuerySpec; sum?: string; avg?: string }
  | { op: 'transaction'; reads: string[]; writes: WriteOp[] }
  | { op: 'contention'; path: string; clients: number }
  | { op: 'listen'; q: QuerySpec; writes: WriteOp[] }
  /**
   * A rules case (rules.differential.test.ts): `allow create: if <expr>` judging a create with
   * `data`; its outcome is `compiled: false` when the engine refuses the rules, else the create's.
   */
  | { op: 'rules'; expr: string; data: Record<string, Val> }
  /**
   * A REST commit of a whole-commit rules case (rules-commits.differential.test.ts,
   * commits-generate.ts), on the case's documents `d0`..`d3`; only read by expected differences.
   */
  | { op: 'commit'; as: string; writes: CommitWrite[] };

/**
 * What one operation produced, normalised so equal behaviour gives equal JSON. An error's
 * `message` is kept for the reader but not compared (the servers word errors differently).
 */
export type Outcome = { ok: unknown } | { error: string; message?: string };
