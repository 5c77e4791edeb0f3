import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Readable } from 'node:stream';
import { removeDurably, syncDirectory, TEMP_MARKER, writeFileDurably } from './durable-fs';
import { compareNames, type ObjectMetadata } from './object';
import { StagingArea, type StagedUpload } from './staged';

interface Entry {
  meta: ObjectMetadata;
  /** The bytes, in memory mode only; on disk they live in `blobPath(meta)`. */
  bytes?: Buffer;
}

const keyOf = (bucket: string, name: string): string => `${bucket}/${name}`;

/** An export refused because its folder holds files an export did not write. */
export class ExportFolderError extends Error {}

/**
 * The file names an export (or the data directory) consists of: `<sha256>.json`,
 * `<sha256>.<generation>.blob`, and their temp files left by an interrupted write.
 */
export function isExportFile(file: string): boolean {
  return /^[0-9a-f]{64}\.(json|\d+\.blob)(\.tmp-[0-9a-f]+)?$/.test(file);
}
const fileIdOf = (bucket: string, name: string): string =>
  createHash('sha256').update(keyOf(bucket, name)).digest('hex');

function isObjectMetadata(value: unknown): value is ObjectMetadata {
  const meta = value as ObjectMetadata;
  return (
    typeof meta === 'object' &&
    meta !== null &&
    typeof meta.bucket === 'string' &&
    typeof meta.name === 'string' &&
    typeof meta.generation === 'string' &&
    typeof meta.size === 'number' &&
    Array.isArray(meta.downloadTokens)
  );
}

/**
 * All objects of all buckets. Metadata is held in memory; bytes are in memory (dataDir null) or
 * on disk under `<dir>/<id>.<generation>.blob` with metadata in `<id>.json`, where id is a hash
 * of bucket and name. An upload writes the blob (temp file, fsync, rename), then the metadata
 * the same way; the metadata rename is the commit point, after which the previous generation's
 * blob is removed. On open, blobs no metadata names and temp files are deleted, so a crash at any
 * moment leaves either the old object or the new one, never a mix.
 */
export class ObjectStore {
  private readonly entries = new Map<string, Entry>();
  private readonly locks = new Map<string, Promise<unknown>>();
  /** Sorted names per bucket, rebuilt after an object is added or removed. */
  private readonly sortedNames = new Map<string, string[]>();

  /** Where uploads are received before they become objects (see `StagingArea`). */
  readonly staging: StagingArea;

  private constructor(private readonly dir: string | null) {
    this.staging = new StagingArea(dir);
  }

  /** Opens (and recovers) the store; synchronous so the server can be created synchronously. */
  static open(dir: string | null): ObjectStore {
    const store = new ObjectStore(dir);
    if (dir) {
      fs.mkdirSync(dir, { recursive: true });
      store.recover();
    }
    return store;
  }

  /** Loads every complete object; returns the blob file names they reference. */
  private loadEntries(): Set<string> {
    const referenced = new Set<string>();
    for (const file of fs.readdirSync(this.dir!)) {
      if (!file.endsWith('.json') || file.includes(TEMP_MARKER)) continue;
      let meta: unknown;
      try {
        meta = JSON.parse(fs.readFileSync(path.join(this.dir!, file), 'utf8'));
      } catch {
        continue;
      }
      if (!isObjectMetadata(meta)) continue;
      const blob = this.blobPath(meta);
      if (!fs.existsSync(blob)) continue;
      referenced.add(path.basename(blob));
      this.entries.set(keyOf(meta.bucket, meta.name), { meta });
    }
    return referenced;
  }

  private recover(): void {
    const referenced = this.loadEntries();
    for (const file of fs.readdirSync(this.dir!)) {
      const garbage =
        file.includes(TEMP_MARKER) || (file.endsWith('.blob') && !referenced.has(file));
      if (garbage) fs.rmSync(path.join(this.dir!, file), { force: true });
    }
  }

  private blobPath(meta: ObjectMetadata): string {
    return path.join(this.dir!, `${fileIdOf(meta.bucket, meta.name)}.${meta.generation}.blob`);
  }

  private metadataPath(bucket: string, name: string): string {
    return path.join(this.dir!, `${fileIdOf(bucket, name)}.json`);
  }

  /** Runs `task` after every earlier task on the same object has finished. */
  async withObjectLock<T>(bucket: string, name: string, task: () => Promise<T>): Promise<T> {
    const key = keyOf(bucket, name);
    const previous = this.locks.get(key) ?? Promise.resolve();
    const run = previous.then(task, task);
    const settled = run.then(
      () => undefined,
      () => undefined,
    );
    this.locks.set(key, settled);
    void settled.then(() => {
      if (this.locks.get(key) === settled) this.locks.delete(key);
    });
    return run;
  }

  get(bucket: string, name: string): ObjectMetadata | null {
    return this.entries.get(keyOf(bucket, name))?.meta ?? null;
  }

  /** Every object name of a bucket in GCS order. */
  names(bucket: string): string[] {
    let names = this.sortedNames.get(bucket);
    if (!names) {
      names = [];
      for (const { meta } of this.entries.values()) {
        if (meta.bucket === bucket) names.push(meta.name);
      }
      names.sort(compareNames);
      this.sortedNames.set(bucket, names);
    }
    return names;
  }

  all(): ObjectMetadata[] {
    return [...this.entries.values()].map((entry) => entry.meta);
  }

  /**
   * A stream of bytes `start..end` (inclusive) of the current generation of an object, or null
   * if it no longer exists. The file is opened before streaming, so a concurrent overwrite or
   * delete cannot cut a download short.
   */
  async openRead(
    bucket: string,
    name: string,
    start: number,
    end: number,
  ): Promise<Readable | null> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const entry = this.entries.get(keyOf(bucket, name));
      if (!entry) return null;
      if (entry.bytes) return Readable.from([entry.bytes.subarray(start, end + 1)]);
      if (end < start) return Readable.from([]);
      try {
        const handle = await fs.promises.open(this.blobPath(entry.meta), 'r');
        return handle.createReadStream({ start, end, autoClose: true });
      } catch (error) {
        // Replaced or deleted between lookup and open: look again.
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
    return null;
  }

  async readAll(meta: ObjectMetadata): Promise<Buffer> {
    const entry = this.entries.get(keyOf(meta.bucket, meta.name));
    if (entry?.bytes) return entry.bytes;
    return fs.promises.readFile(this.blobPath(meta));
  }

  /** Stores a new generation of an object durably. Call under the object's lock. */
  async put(meta: ObjectMetadata, bytes: Buffer): Promise<void> {
    const key = keyOf(meta.bucket, meta.name);
    const previous = this.entries.get(key);
    if (!this.dir) {
      this.entries.set(key, { meta, bytes });
      if (!previous) this.sortedNames.delete(meta.bucket);
      return;
    }
    await writeFileDurably(this.blobPath(meta), bytes);
    await this.commitMetadata(meta, previous);
  }

  /**
   * Stores a new generation from an upload received into `staging`: on disk its file is moved
   * into place (no copy); in memory mode it is read in and removed. Call under the object's lock.
   */
  async putStaged(meta: ObjectMetadata, staged: StagedUpload): Promise<void> {
    await staged.seal();
    if (!this.dir) {
      const bytes = await fs.promises.readFile(staged.file);
      await staged.discard();
      return this.put(meta, bytes);
    }
    const previous = this.entries.get(keyOf(meta.bucket, meta.name));
    // The metadata write below syncs the directory, which makes this rename durable too.
    await fs.promises.rename(staged.file, this.blobPath(meta));
    await this.commitMetadata(meta, previous);
  }

  /** Writes the metadata (the commit point), then forgets the previous generation's blob. */
  private async commitMetadata(meta: ObjectMetadata, previous: Entry | undefined): Promise<void> {
    await writeFileDurably(this.metadataPath(meta.bucket, meta.name), JSON.stringify(meta));
    this.entries.set(keyOf(meta.bucket, meta.name), { meta });
    if (!previous) this.sortedNames.delete(meta.bucket);
    if (previous && previous.meta.generation !== meta.generation) {
      await fs.promises.rm(this.blobPath(previous.meta), { force: true });
    }
  }

  /** Replaces the metadata of the current generation. Call under the object's lock. */
  async updateMetadata(meta: ObjectMetadata): Promise<void> {
    const key = keyOf(meta.bucket, meta.name);
    const entry = this.entries.get(key);
    if (!entry || entry.meta.generation !== meta.generation) {
      throw new Error(`No generation ${meta.generation} of ${key} to update.`);
    }
    if (this.dir) {
      await writeFileDurably(this.metadataPath(meta.bucket, meta.name), JSON.stringify(meta));
    }
    this.entries.set(key, { ...entry, meta });
  }

  /** Removes an object durably; false if there was none. Call under the object's lock. */
  async delete(bucket: string, name: string): Promise<boolean> {
    const key = keyOf(bucket, name);
    const entry = this.entries.get(key);
    if (!entry) return false;
    if (this.dir) {
      await removeDurably(this.metadataPath(bucket, name));
      await fs.promises.rm(this.blobPath(entry.meta), { force: true });
    }
    this.entries.delete(key);
    this.sortedNames.delete(bucket);
    return true;
  }

  /** Deletes every object (the emulator's reset). */
  async clear(): Promise<void> {
    const all = this.all();
    for (const meta of all) {
      await this.withObjectLock(meta.bucket, meta.name, () => this.delete(meta.bucket, meta.name));
    }
  }

  /**
   * Writes every object to `dir` in the same layout as the data directory (`<id>.json` and
   * `<id>.<generation>.blob`), so an export can be imported or used as a data directory. `dir`
   * must be new, empty or an earlier export (every file export-shaped, see `isExportFile`);
   * only the earlier export's files are replaced, nothing else in the folder is touched.
   */
  async exportTo(dir: string): Promise<void> {
    await fs.promises.mkdir(dir, { recursive: true });
    const earlier = await fs.promises.readdir(dir, { withFileTypes: true });
    const foreign = earlier.filter((entry) => !entry.isFile() || !isExportFile(entry.name));
    if (foreign.length > 0) {
      throw new ExportFolderError(
        `Export folder ${dir} holds files no export wrote (${foreign
          .slice(0, 3)
          .map((e) => e.name)
          .join(', ')}); choose a new or empty folder, or an earlier export.`,
      );
    }
    for (const entry of earlier) await fs.promises.rm(path.join(dir, entry.name), { force: true });
    const target = new ObjectStore(dir);
    for (const { bucket, name } of this.all()) {
      await this.withObjectLock(bucket, name, async () => {
        const current = this.get(bucket, name);
        if (current) await target.put(current, await this.readAll(current));
      });
    }
    await syncDirectory(dir);
  }

  /** Replaces every object with those of an export made by `exportTo`. */
  async importFrom(dir: string): Promise<void> {
    if (!fs.existsSync(dir)) throw new Error(`Storage import directory not found: ${dir}`);
    const source = new ObjectStore(dir);
    source.loadEntries();
    await this.clear();
    for (const meta of source.all()) {
      const bytes = await source.readAll(meta);
      await this.withObjectLock(meta.bucket, meta.name, () => this.put(meta, bytes));
    }
  }
}
