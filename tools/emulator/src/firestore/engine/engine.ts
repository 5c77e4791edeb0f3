import * as fs from 'node:fs';
import * as path from 'node:path';
import { aggregate } from './aggregate';
import { VersionClock } from './clock';
import { FirestoreError } from '../../values/errors';
import { checkDatabase, parseDocumentName } from './paths';
import {
  Persistence,
  readSnapshotFile,
  writeSnapshotFile,
  type FsyncPolicy,
  type JournalEntry,
} from './persistence';
import { getField } from '../../values/fieldPaths';
import { identical } from '../../values/values';
import { checkIndexes, type IndexCatalog } from './indexes';
import { Query } from './query';
import { DocumentStore } from './store';
import type {
  Aggregation,
  BatchGetResult,
  ChangeEvent,
  CommitOptions,
  CommitResult,
  CompiledQuery,
  QueryPlan,
  QueryResult,
  Write,
} from './types';
import type { DocLookup, PlannedWrite, StoredDocument, Value } from '../../values/types';
import { checkCollapsible, type Expectation } from './collapse';
import { stageWrite, type StagedWrite } from './writes';

const EXPORT_FOLDER = 'firestore_export';
const EXPORT_FILE = 'documents.ndjson';

/**
 * The Firestore data engine: documents in memory (indexed by collection), a durable journal, and
 * the query and write semantics of Firestore. Every method is synchronous except opening,
 * closing, import and export, so a commit is atomic with respect to everything else.
 */
export class FirestoreEngine {
  private readonly listeners = new Set<(event: ChangeEvent) => void>();
  private closed = false;
  /** When set, queries no index of it serves are refused as production refuses them. */
  private indexCatalog: IndexCatalog | null = null;

  private constructor(
    private readonly persistence: Persistence | null,
    private readonly clock: VersionClock,
    private readonly store: DocumentStore = new DocumentStore(),
  ) {}

  static async open(options: {
    dataDir: string | null;
    /** Default 'always'; see FsyncPolicy. */
    fsync?: FsyncPolicy;
    /** Journal size that triggers compaction into the snapshot (default 64 MiB). */
    compactJournalAtBytes?: number;
  }): Promise<FirestoreEngine> {
    if (options.dataDir === null) return new FirestoreEngine(null, new VersionClock(''));
    const store = new DocumentStore();
    const opened = Persistence.open(
      options.dataDir,
      options.fsync ?? 'always',
      store,
      options.compactJournalAtBytes,
    );
    const engine = new FirestoreEngine(
      opened.persistence,
      new VersionClock(opened.lastTime),
      store,
    );
    // A replayed journal stays until it is big (or the engine closes): start-up stays fast.
    engine.maybeCompact();
    return engine;
  }

  /** Applies validated writes (protocol/writes.ts decodes them) as one atomic batch. */
  commit(database: string, writes: Write[], options: CommitOptions = {}): CommitResult {
    this.checkOpen();
    checkDatabase(database);
    // What a verify of a missing document answers: the time the commit read it at.
    const readTime = this.clock.readTime();
    const commitTime = this.clock.nextCommitTime();
    const staged = new Map<string, StoredDocument | null>();
    const current = (name: string): StoredDocument | null =>
      staged.has(name) ? staged.get(name)! : this.store.get(name);
    const lookupBefore: DocLookup = (name) => this.store.get(name);
    const ctx = { commitTime, current, original: lookupBefore };

    const steps: StagedWrite[] = [];
    // The whole request first: an earlier write's failed precondition must not answer instead
    // (the 20,000-operation differential run, DIFF_SEED=1 episode 60).
    const expectations = checkCollapsible(writes);
    let failed: FirestoreError | null = null;
    for (const write of writes) {
      const step = stageWrite(write, ctx);
      if (step.planned !== null) staged.set(step.name, step.planned.after);
      failed ??= step.failed;
      steps.push(step);
    }

    keepUnchangedDocuments(staged, lookupBefore);
    answerPerDocument(steps, staged, lookupBefore, readTime);

    // Rules before preconditions, as Google's emulator: a commit the rules refuse is refused so,
    // whatever its preconditions.
    if (options.authorize) {
      options.authorize(
        wholeDocumentChanges(staged, lookupBefore, expectations),
        lookupBefore,
        current,
        commitTime,
      );
    }
    if (failed !== null) throw failed;

    const changes: ChangeEvent['changes'] = [];
    for (const [name, after] of staged) {
      const before = this.store.get(name);
      if (before === after) continue;
      changes.push({ name, before, after });
    }
    if (changes.length > 0) {
      this.persist({ t: commitTime, d: changes.map((c) => [c.name, c.after]) });
      for (const { name, after } of changes) {
        if (after === null) this.store.delete(name);
        else this.store.put(after);
      }
      this.maybeCompact();
      this.emit({ readTime: commitTime, changes });
    }
    return { commitTime, writeResults: steps.map((s) => s.result) };
  }

  /**
   * `commit` that resolves only once the commit is on disk, for servers that open the engine
   * with `fsync: 'group'`. The commit itself happens synchronously (so calls keep their order)
   * and its result promises resolve in commit order.
   */
  async commitDurably(
    database: string,
    writes: Write[],
    options: CommitOptions = {},
  ): Promise<CommitResult> {
    const result = this.commit(database, writes, options);
    await this.flush();
    return result;
  }

  /**
   * Resolves when every commit returned so far is on disk. Only needed with `fsync: 'group'`
   * (await it before acknowledging); immediate otherwise and in memory.
   */
  flush(): Promise<void> {
    return this.persistence?.flush() ?? Promise.resolve();
  }

  getDocument(name: string): StoredDocument | null {
    return this.store.get(name);
  }

  batchGet(names: string[]): BatchGetResult {
    this.checkOpen();
    const results = names.map((name) => {
      parseDocumentName(name);
      return { name, doc: this.store.get(name) };
    });
    return { readTime: this.clock.readTime(), results };
  }

  /**
   * Runs a query. `indexChecks: false` answers it whatever the indexes (the data browser filters
   * and sorts by any field, as the Emulator Suite UI does); otherwise the checks `requireIndexes`
   * turned on apply.
   */
  runQuery(plan: QueryPlan, options: { indexChecks?: boolean } = {}): QueryResult {
    const query = options.indexChecks === false ? this.compileUnchecked(plan) : this.compile(plan);
    const documents = query.run().map((d) => query.project(d));
    return { readTime: this.clock.readTime(), documents };
  }

  compileQuery(plan: QueryPlan): CompiledQuery {
    return this.compile(plan);
  }

  count(plan: QueryPlan, upTo?: number): number {
    return this.compile(plan).count(upTo);
  }

  /** `runAggregationQuery`: each aggregation of the query's results, by alias. */
  aggregate(plan: QueryPlan, aggregations: Aggregation[]): Record<string, Value> {
    const fields = aggregations.flatMap((a) => (a.kind === 'count' ? [] : [a.field]));
    if (fields.length > 0) {
      // With sum() or average(), only documents holding every aggregated field (of any type)
      // are aggregated, counted too, and offset and limit apply after that: "queries with
      // multiple aggregations only include the documents that contain all the fields in each
      // aggregation" (firebase.google.com/docs/firestore/query-data/aggregation-queries).
      const { limit, offset, ...unlimited } = plan;
      const holding = this.compile({ ...unlimited, offset: 0 })
        .run()
        .filter((doc) => fields.every((field) => getField(doc.fields, field) !== undefined));
      const docs = holding.slice(offset, limit === undefined ? undefined : offset + limit);
      return aggregate(
        aggregations,
        (upTo) => Math.min(docs.length, upTo ?? Infinity),
        () => docs,
      );
    }
    const query = this.compile(plan);
    return aggregate(
      aggregations,
      (upTo) => query.count(upTo),
      () => query.run().map((d) => query.project(d)),
    );
  }

  onCommit(listener: (event: ChangeEvent) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** Names of every stored document that start with `prefix`, for tools that browse the data. */
  documentNames(prefix: string): string[] {
    this.checkOpen();
    return this.store.namesWithPrefix(prefix);
  }

  currentReadTime(): string {
    return this.clock.readTime();
  }

  clear(projectId: string): void {
    this.checkOpen();
    const prefix = `projects/${projectId}/`;
    const names = this.store.namesWithPrefix(prefix);
    const readTime = this.clock.nextCommitTime();
    this.persist({ t: readTime, clear: projectId });
    const changes: ChangeEvent['changes'] = names.map((name) => {
      const before = this.store.get(name);
      this.store.delete(name);
      return { name, before, after: null };
    });
    this.maybeCompact();
    if (changes.length > 0) this.emit({ readTime, changes });
  }

  async exportTo(dir: string): Promise<void> {
    this.checkOpen();
    const folder = path.join(dir, EXPORT_FOLDER);
    await fs.promises.mkdir(folder, { recursive: true });
    writeSnapshotFile(path.join(folder, EXPORT_FILE), this.store.all(), this.clock.readTime());
  }

  /** Replaces all documents with the export's (listeners see the difference as one change). */
  async importFrom(dir: string): Promise<void> {
    this.checkOpen();
    const file = path.join(dir, EXPORT_FOLDER, EXPORT_FILE);
    if (!fs.existsSync(file)) {
      throw FirestoreError.of('NOT_FOUND', `No Firestore export found at ${file}`);
    }
    const next = new Map<string, StoredDocument>();
    readSnapshotFile(file, (doc) => next.set(doc.name, doc));
    const readTime = this.clock.nextCommitTime();
    const changes: ChangeEvent['changes'] = [];
    for (const before of [...this.store.all()]) {
      if (!next.has(before.name)) changes.push({ name: before.name, before, after: null });
    }
    for (const doc of next.values()) {
      const before = this.store.get(doc.name);
      // Imported documents get a fresh version so clients holding older copies update.
      changes.push({
        name: doc.name,
        before,
        after: { ...doc, updateTime: readTime },
      });
    }
    this.store.clearAll();
    for (const c of changes) if (c.after !== null) this.store.put(c.after);
    this.persistence?.compact(this.store.all(), readTime);
    if (changes.length > 0) this.emit({ readTime, changes });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.persistence !== null) {
      this.persistence.compact(this.store.all(), this.clock.lastIssued());
      this.persistence.saveClock(this.clock.readTime());
      await this.persistence.close();
    }
    this.listeners.clear();
  }

  /** Turns the index checks on (with the project's indexes) or off (null). */
  requireIndexes(catalog: IndexCatalog | null): void {
    this.indexCatalog = catalog;
  }

  private compile(plan: QueryPlan): Query {
    if (this.indexCatalog) checkIndexes(plan, this.indexCatalog);
    return this.compileUnchecked(plan);
  }

  private compileUnchecked(plan: QueryPlan): Query {
    this.checkOpen();
    return new Query(this.store, plan);
  }

  private persist(entry: JournalEntry): void {
    if (this.persistence === null) return;
    this.persistence.append(entry);
  }

  /** Called after a journaled change is applied to the store, never before. */
  private maybeCompact(): void {
    if (this.persistence?.shouldCompact) {
      this.persistence.compact(this.store.all(), this.clock.lastIssued());
    }
  }

  private emit(event: ChangeEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        console.error('Firestore engine: a commit listener failed', error);
      }
    }
  }

  private checkOpen(): void {
    if (this.closed) throw FirestoreError.of('UNAVAILABLE', 'The Firestore engine is closed.');
  }
}

/**
 * What rules judge: each document the commit writes, once, from its state before the commit to
 * its state after all of the commit's writes to it, in the order of its first write. The method
 * follows from those two states (a document missing after the commit is a `delete`, also when it
 * was missing before), as Google's Cloud Firestore emulator judges a commit, so a list cannot be
 * walked through steps each allowed alone, and a later write may correct an earlier one.
 */
function wholeDocumentChanges(
  staged: Map<string, StoredDocument | null>,
  lookupBefore: DocLookup,
  expectations: Map<string, Expectation>,
): PlannedWrite[] {
  return [...staged].map(([name, after]) => {
    const before = lookupBefore(name);
    return { name, method: methodOf(before, after, expectations.get(name) ?? null), before, after };
  });
}

/**
 * A document the commit's writes leave as it was (without deleting it on the way) keeps its
 * version, as when a single write changes nothing.
 */
function keepUnchangedDocuments(
  staged: Map<string, StoredDocument | null>,
  lookupBefore: DocLookup,
): void {
  for (const [name, after] of staged) {
    const before = lookupBefore(name);
    if (
      after !== null &&
      before !== null &&
      after !== before &&
      after.createTime === before.createTime &&
      identical(after.fields, before.fields)
    ) {
      staged.set(name, before);
    }
  }
}

/**
 * Google's emulator answers every write with its document's state after the whole commit: the
 * update time of the document as the commit leaves it (none when it is deleted, also for the
 * writes before the delete), and a verify with the update time of the document it verified (the
 * time it was read at, when it is missing).
 */
function answerPerDocument(
  steps: StagedWrite[],
  staged: Map<string, StoredDocument | null>,
  lookupBefore: DocLookup,
  readTime: string,
): void {
  for (const step of steps) {
    if (step.planned === null) {
      step.result.updateTime = lookupBefore(step.name)?.updateTime ?? readTime;
      continue;
    }
    const doc = staged.get(step.name);
    if (doc) step.result.updateTime = doc.updateTime;
    else delete step.result.updateTime;
  }
}

/**
 * A document missing after the commit is deleted; else the first write's precondition says
 * whether it is created or updated (an update of a missing document is still an `update`, which
 * then fails its precondition), and without one the document before the commit does.
 */
function methodOf(
  before: StoredDocument | null,
  after: StoredDocument | null,
  expectation: Expectation,
): PlannedWrite['method'] {
  if (after === null) return 'delete';
  if (expectation === 'missing') return 'create';
  if (expectation === 'exists') return 'update';
  return before === null ? 'create' : 'update';
}
