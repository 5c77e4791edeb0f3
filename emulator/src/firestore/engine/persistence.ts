import * as fs from 'node:fs';
import * as path from 'node:path';
import { FirestoreError } from './errors';
import type { StoredDocument } from './types';

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

export interface LoadedState {
  documents: StoredDocument[];
  /** Highest commit time ever recorded (or '' when none). */
  lastTime: string;
}

const SNAPSHOT = 'snapshot.ndjson';
const JOURNAL = 'journal.ndjson';
const CLOCK = 'clock.json';
/** The journal is folded into a new snapshot when it grows past this. */
const COMPACT_AT_BYTES = 64 * 1024 * 1024;

/**
 * 'always': each commit is fdatasync'ed before `commit()` returns (one sync per commit).
 * 'group': `commit()` returns once the line is written to the kernel (safe against kill -9);
 * one fdatasync then covers every commit appended meanwhile, and `flush()` resolves when the
 * commits made before it are on disk. A server using 'group' must await `flush()` before
 * acknowledging.
 */
export type FsyncPolicy = 'always' | 'group';

export class Persistence {
  private fd: number;
  private journalBytes: number;
  private appended = 0;
  private synced = 0;
  private syncInFlight = false;
  private syncError: Error | null = null;
  private waiters: Array<{ upTo: number; resolve: () => void; reject: (e: Error) => void }> = [];

  private constructor(
    private readonly dir: string,
    fd: number,
    journalBytes: number,
    private readonly policy: FsyncPolicy,
  ) {
    this.fd = fd;
    this.journalBytes = journalBytes;
  }

  /** Opens (creating) the directory and returns the stored state after replaying the journal. */
  static open(
    dataDir: string,
    policy: FsyncPolicy = 'always',
  ): { persistence: Persistence; state: LoadedState } {
    const dir = path.join(dataDir, 'firestore');
    fs.mkdirSync(dir, { recursive: true });
    const docs = new Map<string, StoredDocument>();
    let lastTime = readClock(dir);

    const snapshotPath = path.join(dir, SNAPSHOT);
    if (fs.existsSync(snapshotPath)) {
      const loaded = readSnapshotFile(snapshotPath);
      for (const doc of loaded.documents) docs.set(doc.name, doc);
      if (loaded.lastTime > lastTime) lastTime = loaded.lastTime;
    }

    const journalPath = path.join(dir, JOURNAL);
    let validBytes = 0;
    if (fs.existsSync(journalPath)) {
      const replay = replayJournal(fs.readFileSync(journalPath), docs);
      validBytes = replay.validBytes;
      if (replay.lastTime > lastTime) lastTime = replay.lastTime;
    }
    const fd = fs.openSync(journalPath, 'a+');
    // A torn last line was never acknowledged: cut it off so later appends start cleanly.
    if (fs.fstatSync(fd).size !== validBytes) {
      fs.ftruncateSync(fd, validBytes);
      fs.fdatasyncSync(fd);
    }
    const persistence = new Persistence(dir, fd, validBytes, policy);
    return { persistence, state: { documents: [...docs.values()], lastTime } };
  }

  /** Appends one commit; with 'always' it is on disk when this returns. */
  append(entry: JournalEntry): void {
    if (this.syncError !== null) throw this.syncError;
    const line = Buffer.from(JSON.stringify(entry) + '\n', 'utf8');
    let written = 0;
    while (written < line.length) written += fs.writeSync(this.fd, line, written);
    this.journalBytes += line.length;
    this.appended++;
    if (this.policy === 'always') {
      fs.fdatasyncSync(this.fd);
      this.synced = this.appended;
    } else {
      this.startSync();
    }
  }

  /** Resolves when every commit appended so far is on disk. */
  flush(): Promise<void> {
    if (this.syncError !== null) return Promise.reject(this.syncError);
    if (this.synced >= this.appended) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.waiters.push({ upTo: this.appended, resolve, reject });
      this.startSync();
    });
  }

  private startSync(): void {
    if (this.syncInFlight) return; // the running sync starts another one when it ends
    this.syncInFlight = true;
    const upTo = this.appended;
    fs.fdatasync(this.fd, (error) => {
      this.syncInFlight = false;
      if (error) {
        this.syncError = new FirestoreError(
          15,
          'DATA_LOSS',
          `Journal sync failed: ${error.message}`,
        );
        for (const w of this.waiters.splice(0)) w.reject(this.syncError);
        return;
      }
      this.markSynced(upTo);
      if (this.appended > this.synced) this.startSync();
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
    return this.journalBytes > COMPACT_AT_BYTES;
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
    writeFileDurably(path.join(this.dir, CLOCK), JSON.stringify({ lastTime }));
  }

  async close(): Promise<void> {
    while (this.syncInFlight) await new Promise((resolve) => setImmediate(resolve));
    fs.closeSync(this.fd);
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

function replayJournal(
  bytes: Buffer,
  docs: Map<string, StoredDocument>,
): { validBytes: number; lastTime: string } {
  let offset = 0;
  let lastTime = '';
  while (offset < bytes.length) {
    const end = bytes.indexOf(0x0a, offset);
    if (end === -1) break; // torn final line
    const text = bytes.subarray(offset, end).toString('utf8');
    let entry: JournalEntry;
    try {
      entry = JSON.parse(text) as JournalEntry;
    } catch {
      if (bytes.indexOf(0x0a, end + 1) === -1 && end + 1 >= bytes.length) break;
      throw new FirestoreError(
        15,
        'DATA_LOSS',
        `Corrupt Firestore journal entry at byte ${offset}`,
      );
    }
    applyEntry(entry, docs);
    if (entry.t > lastTime) lastTime = entry.t;
    offset = end + 1;
  }
  return { validBytes: offset, lastTime };
}

export function applyEntry(entry: JournalEntry, docs: Map<string, StoredDocument>): void {
  if (entry.clear !== undefined) {
    const prefix = `projects/${entry.clear}/`;
    for (const name of [...docs.keys()]) if (name.startsWith(prefix)) docs.delete(name);
  }
  for (const [name, doc] of entry.d ?? []) {
    if (doc === null) docs.delete(name);
    else docs.set(name, doc);
  }
}

// ---- snapshot files (also the export format) ---------------------------------------------

export function readSnapshotFile(file: string): LoadedState {
  const text = fs.readFileSync(file, 'utf8');
  const documents: StoredDocument[] = [];
  let lastTime = '';
  let start = 0;
  let first = true;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    const line = text.slice(start, end);
    start = end + 1;
    if (line === '') continue;
    const parsed = JSON.parse(line) as unknown;
    if (first) {
      first = false;
      const header = parsed as Partial<SnapshotHeader>;
      if (header.format !== 'social-emulator-firestore') {
        throw new FirestoreError(
          15,
          'DATA_LOSS',
          `${file} is not a Firestore snapshot of this emulator`,
        );
      }
      lastTime = header.lastTime ?? '';
      continue;
    }
    documents.push(parsed as StoredDocument);
  }
  if (first) throw new FirestoreError(15, 'DATA_LOSS', `${file} is empty`);
  return { documents, lastTime };
}

export function writeSnapshotFile(
  file: string,
  documents: Iterable<StoredDocument>,
  lastTime: string,
): void {
  const tmp = `${file}.tmp`;
  const fd = fs.openSync(tmp, 'w');
  try {
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
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(tmp, file);
  syncDirectory(path.dirname(file));
}

function writeFileDurably(file: string, content: string): void {
  const tmp = `${file}.tmp`;
  const fd = fs.openSync(tmp, 'w');
  try {
    fs.writeSync(fd, content);
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
