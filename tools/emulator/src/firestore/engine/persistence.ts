import * as fs from 'node:fs';
import * as path from 'node:path';
import { FirestoreError } from '../../values/errors';
import { acquireLock, releaseLock } from './lock';
import type { StoredDocument } from '../../values/types';

/**
 * Durable storage under `<dataDir>/firestore/`: a snapshot (`snapshot.ndjson`) plus an
 * append-only journal (`journal.ndjson`) of after-images. A commit's journal line is written and
 * fdatasync'ed before the commit returns, so nothing is acknowledged before it is on disk. See
 * docs/persistence.md.
 */

export interface JournalEntry {
  /** Commit time (canonical timestamp). */
  t: string;
  /** Documents written: [name, document or null when deleted]. */
  d?: Array<[string, StoredDocument | null]>;
  /** A project whose documents were all removed (emulator "clear"). */
  clear?: string;
}

interface SnapshotHeader {
  format: 'social-emulator-firestore';
  version: 1;
  lastTime: string;
}

/** Where loading puts what it reads: the engine's document store. */
export interface DocumentSink {
  put(doc: StoredDocument): void;
  delete(name: string): void;
  clearProject(projectId: string): void;
}

const SNAPSHOT = 'snapshot.ndjson';
const JOURNAL = 'journal.ndjson';
const CLOCK = 'clock.json';
/** By default the journal is folded into a new snapshot when it grows past this. */
export const COMPACT_AT_BYTES = 64 * 1024 * 1024;

/**
 * 'always': each commit is fdatasync'ed before `commit()` returns (one sync per commit).
 * 'group': `commit()` returns once the line is written to the kernel (safe against kill -9);
 * one fdatasync at the end of the event loop's turn then covers every commit appended during it,
 * and `flush()` resolves when the commits made before it are on disk. A server using 'group'
 * must await `flush()` before acknowledging.
 */
export type FsyncPolicy = 'always' | 'group';

export class Persistence {
  private fd: number;
  private journalBytes: number;
  private appended = 0;
  private synced = 0;
  private syncScheduled = false;
  private closed = false;
  private syncError: Error | null = null;
  private waiters: Array<{ upTo: number; resolve: () => void; reject: (e: Error) => void }> = [];

  private constructor(
    private readonly dir: string,
    fd: number,
    journalBytes: number,
    private readonly policy: FsyncPolicy,
    private readonly compactAtBytes: number,
  ) {
    this.fd = fd;
    this.journalBytes = journalBytes;
  }

  /**
   * Opens (creating) the directory, loads the snapshot and replays the journal into `sink`.
   * Returns the highest time ever recorded and how many journal entries were replayed.
   */
  static open(
    dataDir: string,
    policy: FsyncPolicy,
    sink: DocumentSink,
    compactAtBytes = COMPACT_AT_BYTES,
  ): { persistence: Persistence; lastTime: string; replayed: number } {
    const dir = path.join(dataDir, 'firestore');
    fs.mkdirSync(dir, { recursive: true });
    acquireLock(dir);
    try {
      let lastTime = readClock(dir);

      const snapshotPath = path.join(dir, SNAPSHOT);
      if (fs.existsSync(snapshotPath)) {
        const snapshotTime = readSnapshotFile(snapshotPath, (doc) => sink.put(doc));
        if (snapshotTime > lastTime) lastTime = snapshotTime;
      }

      const journalPath = path.join(dir, JOURNAL);
      let validBytes = 0;
      let replayed = 0;
      if (fs.existsSync(journalPath)) {
        const replay = replayJournal(journalPath, sink);
        validBytes = replay.validBytes;
        replayed = replay.entries;
        if (replay.lastTime > lastTime) lastTime = replay.lastTime;
      }
      const fd = fs.openSync(journalPath, 'a+');
      // A torn last line was never acknowledged: cut it off so later appends start cleanly.
      if (fs.fstatSync(fd).size !== validBytes) {
        fs.ftruncateSync(fd, validBytes);
        fs.fdatasyncSync(fd);
      }
      const persistence = new Persistence(dir, fd, validBytes, policy, compactAtBytes);
      return { persistence, lastTime, replayed };
    } catch (error) {
      releaseLock(dir);
      throw error;
    }
  }

  /** Appends one commit; with 'always' it is on disk when this returns. */
  append(entry: JournalEntry): void {
    if (this.syncError !== null) throw this.syncError;
    const line = Buffer.from(JSON.stringify(entry) + '\n', 'utf8');
    try {
      let written = 0;
      while (written < line.length) written += fs.writeSync(this.fd, line, written);
      if (this.policy === 'always') fs.fdatasyncSync(this.fd);
    } catch (error) {
      // Cut off a partial line so the journal stays valid; the commit is not applied.
      try {
        fs.ftruncateSync(this.fd, this.journalBytes);
      } catch {
        // the original error is the one to report
      }
      throw new FirestoreError(14, 'UNAVAILABLE', `Could not write the journal: ${String(error)}`);
    }
    this.journalBytes += line.length;
    this.appended++;
    if (this.policy === 'always') this.synced = this.appended;
    else this.scheduleSync();
  }

  /** Resolves when every commit appended so far is on disk. */
  flush(): Promise<void> {
    if (this.syncError !== null) return Promise.reject(this.syncError);
    if (this.synced >= this.appended) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.waiters.push({ upTo: this.appended, resolve, reject });
    });
  }

  /**
   * The group sync runs once the current turn of the event loop has handled every request that
   * was ready, so commits arriving together share it. It runs on the event loop: on an idle disk
   * fdatasync takes about 0.1 ms, much less than a round trip through the thread pool, whose
   * worker and completion each wait for a core on a busy machine. Requests that arrive while it
   * runs wait in the kernel and share the next one.
   */
  private scheduleSync(): void {
    if (this.syncScheduled) return;
    this.syncScheduled = true;
    setImmediate(() => {
      this.syncScheduled = false;
      if (this.closed || this.syncError !== null || this.synced >= this.appended) return;
      const upTo = this.appended;
      try {
        fs.fdatasyncSync(this.fd);
      } catch (error) {
        this.syncError = new FirestoreError(
          15,
          'DATA_LOSS',
          `Journal sync failed: ${(error as Error).message}`,
        );
        for (const w of this.waiters.splice(0)) w.reject(this.syncError);
        return;
      }
      this.markSynced(upTo);
    });
  }

  private markSynced(upTo: number): void {
    if (upTo > this.synced) this.synced = upTo;
    const still: typeof this.waiters = [];
    for (const w of this.waiters) {
      if (w.upTo <= this.synced) w.resolve();
      else still.push(w);
    }
    this.waiters = still;
  }

  get shouldCompact(): boolean {
    return this.journalBytes > this.compactAtBytes;
  }

  /** Writes a new snapshot of `documents` and empties the journal. */
  compact(documents: Iterable<StoredDocument>, lastTime: string): void {
    writeSnapshotFile(path.join(this.dir, SNAPSHOT), documents, lastTime);
    // The snapshot is durable; the journal's entries are all in it (replaying them is harmless).
    fs.ftruncateSync(this.fd, 0);
    fs.fdatasyncSync(this.fd);
    this.journalBytes = 0;
    this.markSynced(this.appended);
  }

  /** Remembers read times handed out after the last commit, so versions rise across restarts. */
  saveClock(lastTime: string): void {
    writeFileDurably(path.join(this.dir, CLOCK), (fd) =>
      fs.writeSync(fd, JSON.stringify({ lastTime })),
    );
  }

  async close(): Promise<void> {
    this.closed = true;
    fs.closeSync(this.fd);
    releaseLock(this.dir);
  }
}

function readClock(dir: string): string {
  try {
    const parsed = JSON.parse(fs.readFileSync(path.join(dir, CLOCK), 'utf8')) as {
      lastTime?: unknown;
    };
    return typeof parsed.lastTime === 'string' ? parsed.lastTime : '';
  } catch {
    return '';
  }
}

/** Calls `onLine` with each complete line and the byte offset just after it. */
function forEachLine(file: string, onLine: (line: string, endOffset: number) => void): void {
  const fd = fs.openSync(file, 'r');
  try {
    const chunk = Buffer.alloc(1 << 20);
    let carry = Buffer.alloc(0);
    let offset = 0; // file offset of carry[0]
    for (;;) {
      const n = fs.readSync(fd, chunk, 0, chunk.length, null);
      if (n === 0) break;
      const data =
        carry.length === 0 ? chunk.subarray(0, n) : Buffer.concat([carry, chunk.subarray(0, n)]);
      let start = 0;
      let nl: number;
      while ((nl = data.indexOf(0x0a, start)) !== -1) {
        onLine(data.toString('utf8', start, nl), offset + nl + 1);
        start = nl + 1;
      }
      offset += start;
      carry = Buffer.from(data.subarray(start));
    }
  } finally {
    fs.closeSync(fd);
  }
}

function replayJournal(
  file: string,
  sink: DocumentSink,
): { validBytes: number; lastTime: string; entries: number } {
  let validBytes = 0;
  let lastTime = '';
  let entries = 0;
  let torn: number | null = null;
  forEachLine(file, (line, end) => {
    if (torn !== null) {
      throw new FirestoreError(15, 'DATA_LOSS', `Corrupt Firestore journal entry at byte ${torn}`);
    }
    let entry: JournalEntry;
    try {
      entry = JSON.parse(line) as JournalEntry;
    } catch {
      torn = validBytes; // acceptable only as the very last line
      return;
    }
    applyEntry(entry, sink);
    entries++;
    if (entry.t > lastTime) lastTime = entry.t;
    validBytes = end;
  });
  return { validBytes, lastTime, entries };
}

export function applyEntry(entry: JournalEntry, sink: DocumentSink): void {
  if (entry.clear !== undefined) sink.clearProject(entry.clear);
  for (const [name, doc] of entry.d ?? []) {
    if (doc === null) sink.delete(name);
    else sink.put(doc);
  }
}

// ---- snapshot files (also the export format) ---------------------------------------------

/** Streams a snapshot's documents to `onDocument`; returns the snapshot's last time. */
export function readSnapshotFile(file: string, onDocument: (doc: StoredDocument) => void): string {
  let lastTime: string | null = null;
  forEachLine(file, (line) => {
    if (line === '') return;
    const parsed = JSON.parse(line) as unknown;
    if (lastTime === null) {
      const header = parsed as Partial<SnapshotHeader>;
      if (header.format !== 'social-emulator-firestore') {
        throw new FirestoreError(
          15,
          'DATA_LOSS',
          `${file} is not a Firestore snapshot of this emulator`,
        );
      }
      lastTime = header.lastTime ?? '';
      return;
    }
    onDocument(parsed as StoredDocument);
  });
  if (lastTime === null) throw new FirestoreError(15, 'DATA_LOSS', `${file} is empty`);
  return lastTime;
}

export function writeSnapshotFile(
  file: string,
  documents: Iterable<StoredDocument>,
  lastTime: string,
): void {
  writeFileDurably(file, (fd) => {
    const header: SnapshotHeader = {
      format: 'social-emulator-firestore',
      version: 1,
      lastTime,
    };
    let chunk = JSON.stringify(header) + '\n';
    for (const doc of documents) {
      chunk += JSON.stringify(doc) + '\n';
      if (chunk.length > 1 << 20) {
        fs.writeSync(fd, chunk);
        chunk = '';
      }
    }
    fs.writeSync(fd, chunk);
  });
}

/**
 * Replaces `file` so that a crash leaves either the old file or the complete new one: `write`
 * fills a temp file, which is fsync'ed and renamed over `file`, then the directory is fsync'ed.
 */
function writeFileDurably(file: string, write: (fd: number) => void): void {
  const tmp = `${file}.tmp`;
  const fd = fs.openSync(tmp, 'w');
  try {
    write(fd);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(tmp, file);
  syncDirectory(path.dirname(file));
}

function syncDirectory(dir: string): void {
  const fd = fs.openSync(dir, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}
