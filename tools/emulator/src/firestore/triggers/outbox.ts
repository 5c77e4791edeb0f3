import fs from 'node:fs';
import path from 'node:path';
import type { Delivery } from './events';

const FILE = 'outbox.ndjson';
/** A file with nothing pending is emptied once it is this big. */
const EMPTY_AT_BYTES = 1024 * 1024;

type Line = { add: Delivery } | { done: string };

/**
 * The deliveries not yet acknowledged by the Functions emulator, kept across restarts under
 * `<dir>/outbox.ndjson`: a line when a delivery is made (written to the kernel within the commit
 * that made it, so a `kill -9` right after the commit's reply loses nothing) and a line when it
 * is delivered or given up. Opening replays the file; what has no `done` line is delivered again.
 * Lines are fdatasync'ed together at the end of the event loop's turn; a commit's reply does not
 * wait for that (a power cut may lose the events of the last commits, never a `kill -9`).
 * With no directory everything stays in memory.
 */
export class Outbox {
  private constructor(
    private readonly file: string | null,
    private fd: number | null,
    private size: number,
    private readonly pending: Map<string, Delivery>,
  ) {}

  static open(dir: string | null): Outbox {
    if (dir === null) return new Outbox(null, null, 0, new Map());
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, FILE);
    const pending = new Map<string, Delivery>();
    if (fs.existsSync(file)) {
      for (const text of fs.readFileSync(file, 'utf8').split('\n')) {
        let line: Line;
        try {
          line = JSON.parse(text) as Line;
        } catch {
          continue; // the last line of a crash may be cut short
        }
        if ('add' in line) pending.set(line.add.id, line.add);
        else pending.delete(line.done);
      }
    }
    // Start from a file holding only what is pending.
    const staged = `${file}.new`;
    fs.writeFileSync(
      staged,
      [...pending.values()].map((d) => `${JSON.stringify({ add: d })}\n`).join(''),
    );
    fs.renameSync(staged, file);
    const fd = fs.openSync(file, 'a');
    return new Outbox(file, fd, fs.fstatSync(fd).size, pending);
  }

  /** What was pending when the outbox was opened, or added since, oldest first. */
  list(): Delivery[] {
    return [...this.pending.values()];
  }

  add(delivery: Delivery): void {
    this.pending.set(delivery.id, delivery);
    this.append({ add: delivery });
  }

  done(id: string): void {
    if (!this.pending.delete(id)) return;
    this.append({ done: id });
    if (this.pending.size === 0 && this.size > EMPTY_AT_BYTES && this.fd !== null) {
      fs.ftruncateSync(this.fd, 0);
      this.size = 0;
    }
  }

  close(): void {
    if (this.fd === null) return;
    fs.fdatasyncSync(this.fd);
    fs.closeSync(this.fd);
    this.fd = null;
  }

  private syncScheduled = false;

  private append(line: Line): void {
    if (this.fd === null) return;
    const text = `${JSON.stringify(line)}\n`;
    fs.writeSync(this.fd, text);
    this.size += Buffer.byteLength(text);
    if (this.syncScheduled) return;
    this.syncScheduled = true;
    setImmediate(() => {
      this.syncScheduled = false;
      if (this.fd !== null) fs.fdatasync(this.fd, () => undefined);
    });
  }

  /** For messages: where the outbox lives. */
  get location(): string | null {
    return this.file;
  }
}
