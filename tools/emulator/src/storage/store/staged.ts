import { createHash, randomBytes, type Hash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { crc32c } from '../../common/crc32c';
import { TEMP_MARKER } from './durable-fs';

/** Size and checksums of an upload's bytes, as the object's metadata reports them. */
export interface UploadDigest {
  size: number;
  /** Base64 MD5, as GCS prints it. */
  md5Hash: string;
  /** Base64 of the big-endian CRC-32C. */
  crc32c: string;
}

/** Where a staged upload stood before a chunk, to go back to if the chunk does not arrive whole. */
export interface StagedMark {
  size: number;
  md5: Hash;
  crc: number;
}

/**
 * The bytes of an upload being received, written to a temporary file as they arrive (never held
 * in memory whole), with their size and checksums computed on the way.
 */
export class StagedUpload {
  size = 0;
  private md5: Hash = createHash('md5');
  private crc = 0;
  private handle: fs.promises.FileHandle | null;

  private constructor(
    readonly file: string,
    handle: fs.promises.FileHandle,
  ) {
    this.handle = handle;
  }

  static async create(file: string): Promise<StagedUpload> {
    return new StagedUpload(file, await fs.promises.open(file, 'wx'));
  }

  async write(chunk: Buffer): Promise<void> {
    if (!this.handle) throw new Error('staged upload is sealed');
    let written = 0;
    while (written < chunk.length) {
      const { bytesWritten } = await this.handle.write(
        chunk,
        written,
        chunk.length - written,
        this.size + written,
      );
      written += bytesWritten;
    }
    this.md5.update(chunk);
    this.crc = crc32c(chunk, this.crc);
    this.size += chunk.length;
  }

  mark(): StagedMark {
    return { size: this.size, md5: this.md5.copy(), crc: this.crc };
  }

  /** Forgets everything written after `mark` (a chunk cut off or refused halfway). */
  async rollback(mark: StagedMark): Promise<void> {
    this.size = mark.size;
    this.md5 = mark.md5.copy();
    this.crc = mark.crc;
    await this.handle?.truncate(mark.size);
  }

  digest(): UploadDigest {
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(this.crc);
    return {
      size: this.size,
      md5Hash: this.md5.copy().digest('base64'),
      crc32c: crc.toString('base64'),
    };
  }

  /** Makes the bytes durable and closes the file, before it is moved into place. */
  async seal(): Promise<void> {
    const handle = this.handle;
    if (!handle) return;
    this.handle = null;
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  }

  /** Removes the file (if it was not moved into place); safe to call more than once. */
  async discard(): Promise<void> {
    const handle = this.handle;
    this.handle = null;
    await handle?.close().catch(() => undefined);
    await fs.promises.rm(this.file, { force: true });
  }
}

/**
 * Names the files uploads are received into: in the data directory beside the objects (a temp
 * name, so a crash's leftovers are removed when the store opens, and a rename moves the bytes into
 * place), or with no data directory in a private folder of the OS temp dir, removed on `close`.
 */
export class StagingArea {
  private privateDir: string | null = null;

  constructor(private readonly dataDir: string | null) {}

  newFile(): string {
    const dir = this.dataDir ?? this.ensurePrivateDir();
    return path.join(dir, `upload${TEMP_MARKER}${randomBytes(12).toString('hex')}`);
  }

  private ensurePrivateDir(): string {
    this.privateDir ??= fs.mkdtempSync(path.join(os.tmpdir(), 'storage-emulator-uploads-'));
    return this.privateDir;
  }

  close(): void {
    if (this.privateDir) fs.rmSync(this.privateDir, { recursive: true, force: true });
    this.privateDir = null;
  }
}
