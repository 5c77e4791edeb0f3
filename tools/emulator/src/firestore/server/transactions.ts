import { randomBytes } from 'node:crypto';
import { FirestoreError, GrpcCode, type StoredDocument } from '../engine';
import { invalidArgument } from './errors';

/**
 * The server SDKs' transactions (`beginTransaction`, reads naming a transaction, a commit naming
 * it). Production and Google's emulator lock what a transaction reads, so no other write lands
 * between its reads and its commit. Here the same guarantee comes optimistically: a transaction
 * keeps what it read (each document's version, each query's results), and its commit is aborted
 * (ABORTED, which the SDKs answer by running the transaction again) when any of it changed since.
 * The check and the commit run in one synchronous step of the engine, so nothing lands between.
 * The web SDK runs its transactions with update-time preconditions instead, and never names one.
 */

/** How long an unfinished transaction is remembered: Google's idle transactions expire too. */
const EXPIRES_AFTER_MS = 5 * 60_000;
/** The most remembered at once: a client beginning transactions in a loop cannot fill memory. */
export const MAX_OPEN_TRANSACTIONS = 10_000;

interface OpenTransaction {
  database: string;
  readOnly: boolean;
  startedAt: number;
  /** Document name → its update time when read, or null when it was missing. */
  documents: Map<string, string | null>;
  /** Each query read: its results when read, and how to read them again. */
  queries: Array<{ results: string; readAgain: () => string }>;
}

/** One query's results as a comparable text: which documents, at which versions, in which order. */
export function queryResultsKey(documents: readonly StoredDocument[]): string {
  return documents.map((doc) => `${doc.name}@${doc.updateTime}`).join('\n');
}

export class Transactions {
  private readonly open = new Map<string, OpenTransaction>();

  constructor(private readonly now: () => number = Date.now) {}

  /** A new transaction's id (`beginTransaction`, or a read's `newTransaction`). */
  begin(database: string, options: unknown): string {
    this.forgetExpired();
    if (this.open.size >= MAX_OPEN_TRANSACTIONS) this.open.delete(this.open.keys().next().value!);
    const id = randomBytes(16).toString('base64');
    const readOnly =
      options !== null && typeof options === 'object' && 'readOnly' in (options as object);
    this.open.set(id, {
      database,
      readOnly,
      startedAt: this.now(),
      documents: new Map(),
      queries: [],
    });
    return id;
  }

  /** Documents read in transaction `id` (a document read twice keeps its first version). */
  readDocuments(
    id: string,
    database: string,
    results: ReadonlyArray<{ name: string; doc: StoredDocument | null }>,
  ): void {
    const transaction = this.find(id, database);
    for (const { name, doc } of results) {
      if (!transaction.documents.has(name))
        transaction.documents.set(name, doc?.updateTime ?? null);
    }
  }

  /** A query (or aggregation) read in transaction `id`: `readAgain` answers its results now. */
  readQuery(id: string, database: string, results: string, readAgain: () => string): void {
    this.find(id, database).queries.push({ results, readAgain });
  }

  /**
   * Ends transaction `id` at its commit: throws ABORTED when anything it read has changed since
   * (`current` answers a document as it is now), or when a read-only one would write.
   */
  commit(
    id: string,
    database: string,
    writes: number,
    current: (name: string) => StoredDocument | null,
  ): void {
    const transaction = this.find(id, database);
    this.open.delete(id);
    if (transaction.readOnly && writes > 0) {
      throw invalidArgument('A read-only transaction cannot write.');
    }
    for (const [name, version] of transaction.documents) {
      if ((current(name)?.updateTime ?? null) !== version) throw aborted(name);
    }
    for (const query of transaction.queries) {
      if (query.readAgain() !== query.results) throw aborted('a query it ran');
    }
  }

  /** Ends transaction `id` without a commit; one already ended (a commit aborted) is fine. */
  rollback(id: unknown): void {
    if (typeof id === 'string') this.open.delete(id);
  }

  /** Transactions still open (for tests of the bookkeeping). */
  get size(): number {
    return this.open.size;
  }

  private find(id: unknown, database: string): OpenTransaction {
    const transaction = typeof id === 'string' ? this.open.get(id) : undefined;
    if (!transaction || transaction.database !== database) {
      throw invalidArgument('The transaction is not open: it has ended, expired or never began.');
    }
    return transaction;
  }

  private forgetExpired(): void {
    const oldest = this.now() - EXPIRES_AFTER_MS;
    for (const [id, transaction] of this.open) {
      if (transaction.startedAt < oldest) this.open.delete(id);
    }
  }
}

function aborted(what: string): FirestoreError {
  return new FirestoreError(
    GrpcCode.ABORTED,
    'ABORTED',
    `The transaction was aborted: ${what} changed after the transaction read it. Run it again.`,
  );
}
