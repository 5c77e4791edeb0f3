// How `npm start` and `npm run emulators` talk: one line per service as it becomes ready, and a
// progress line while the dev servers compile (rewritten in place on a terminal, a new line at
// most every few seconds otherwise, so logs stay short).
import path from 'node:path';

const LABELS = {
  auth: 'Auth emulator',
  firestore: 'Firestore emulator',
  storage: 'Storage emulator',
  functions: 'Functions emulator',
};

/** A folder as the user reads it: relative inside the repository, absolute elsewhere. */
export function shownPath(root, dir) {
  const relative = path.relative(root, dir);
  return relative === '' ? '.' : relative.startsWith('..') ? dir : relative;
}

/** `  ✓ Firestore emulator   http://127.0.0.1:8080` */
export function readyLine(service, url) {
  return `  ✓ ${(LABELS[service] ?? service).padEnd(20)} ${url}`;
}

/** Prints progress of several compiles as one line: `Compiling: shell 40% · feed 100% · …`. */
export class ProgressLine {
  constructor({ stream = process.stdout, everyMs = 3000 } = {}) {
    this.stream = stream;
    this.tty = Boolean(stream.isTTY);
    this.everyMs = everyMs;
    this.percents = new Map();
    this.shown = '';
    this.lastPrinted = 0;
    this.onScreen = false;
    this.finished = false;
  }

  /** Once every first compile is done, recompiles only print their outcome. */
  set(name, percent) {
    if (this.finished) return;
    this.percents.set(name, percent);
    this.render(false);
  }

  text() {
    const parts = [...this.percents].map(([name, percent]) => `${name} ${percent}%`);
    return `  compiling: ${parts.join(' · ')}`;
  }

  render(force) {
    const text = this.text();
    if (text === this.shown && !force) return;
    if (this.tty) {
      this.stream.write(`\r\x1b[K${text}`);
      this.onScreen = true;
    } else {
      const now = Date.now();
      if (!force && now - this.lastPrinted < this.everyMs) return;
      this.lastPrinted = now;
      this.stream.write(`${text}\n`);
    }
    this.shown = text;
  }

  /** Prints `line` above the progress line. */
  print(line) {
    if (this.tty && this.onScreen) this.stream.write('\r\x1b[K');
    this.stream.write(`${line}\n`);
    if (this.tty && this.onScreen) this.stream.write(this.shown);
  }

  /** Removes the progress line (all compiles done). */
  done() {
    if (this.tty && this.onScreen) this.stream.write('\r\x1b[K');
    this.onScreen = false;
    this.finished = true;
    this.percents.clear();
  }
}
