import type { StreamSessionInfo } from '../firestore/server';
import type {
  CollectionUsage,
  CommitResult,
  FirestoreEngine,
  StoredDocument,
} from '../firestore/engine';
import type { RulesCoverage, SlotDecision } from '../rules';
import type { ObjectStore } from '../storage/store';
import type { AuthEmulatorClient } from './auth-client';

/** A rules decision as the data browser lists it. */
export interface RecordedRequest extends SlotDecision {
  at: Date;
  /** Increasing with each request, so a page can say which ones are new. */
  sequence: number;
}

/** The last requests of both services the rules decided, newest first; older ones fall off. */
export class RequestLog {
  private readonly entries: RecordedRequest[] = [];
  private sequence = 0;

  constructor(private readonly capacity = 500) {}

  add(decision: SlotDecision): void {
    this.entries.unshift({ ...decision, at: new Date(), sequence: ++this.sequence });
    if (this.entries.length > this.capacity) this.entries.length = this.capacity;
  }

  list(): RecordedRequest[] {
    return [...this.entries];
  }

  clear(): void {
    this.entries.length = 0;
  }
}

/** The coverage of each service's rules in force (null: that service has no rules). */
export interface CoverageSources {
  firestore: RulesCoverage | null;
  storage: RulesCoverage | null;
}

/**
 * What the data browser reads from a running emulator, and what it may change. Its Firestore
 * writes are admin writes (no rules, as the Emulator Suite UI's), made by the same commit path
 * as every client's, so listeners and Cloud Functions triggers see them.
 */
export interface BrowserSources {
  engine: FirestoreEngine;
  objects: ObjectStore;
  sessions(): StreamSessionInfo[];
  /** The last requests the rules decided, newest first. */
  requests(): RecordedRequest[];
  coverage(): CoverageSources;
  /** Reads, writes and deletes per collection. */
  usage: CollectionUsage;
  /** Commits wire-format writes (`{update, updateMask, currentDocument}`, `{delete}`) as admin. */
  commit(database: string, writes: unknown[]): Promise<CommitResult>;
  /** Runs a wire-format `StructuredQuery` under `parent`, whatever the indexes. */
  query(parent: string, structuredQuery: unknown): StoredDocument[];
  /** The Auth emulator, when its address is known (`--auth-emulator`). */
  auth: AuthEmulatorClient | null;
  /** Deletes every document of every project and every stored object. */
  clearAll(): Promise<void>;
}
