import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { FirestoreError } from '../../values/errors';

/**
 * One emulator process per data directory: a second one would compact the journal under the
 * first one's feet and lose its commits.
 *
 * The lock file names its owner by what identifies a process for good, not by its pid alone:
 * the pid, the process's start time (`/proc/<pid>/stat` field 22, clock ticks since boot) and
 * the boot id (`/proc/sys/kernel/random/boot_id`). The owner is alive only if a process with that
 * pid exists now, is not a zombie (a process killed with -9 whose parent has not reaped it yet:
 * it holds no file and serves nothing), started at the recorded time and in this boot. So a dead
 * owner, a pid reused by another process, and a lock left before a reboot are all taken over at
 * once; an owner killed but not yet gone is waited for, a few seconds at most; a running emulator
 * is refused.
 *
 * Why not an OS lock: Node has no flock(2), and a listening unix socket as a lock needs a path
 * under 108 bytes and cleaning up after itself; the process identity above needs neither. Where
 * /proc is missing (macOS), `ps -o lstart=` gives the start time instead.
 */

const LOCK = 'LOCK';

/** Who holds (or held) a data directory. */
export interface LockOwner {
  pid: number;
  /** When the process started, in the form of `processStartTime`; null in old lock files. */
  start: string | null;
  /** The boot the process ran in; null where unknown (old lock files, no /proc). */
  boot: string | null;
}

function readBootId(): string | null {
  try {
    return fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    return null;
  }
}

/** The fields after the command name, which may itself hold spaces and parentheses. */
function statFields(pid: number): string[] | null {
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? [] : null;
  }
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

type ProcessState = { running: false } | { running: true; start: string | null };

/** Whether `pid` runs now (not a zombie), and since when. */
function processState(pid: number): ProcessState {
  const fields = statFields(pid);
  if (fields !== null && fields.length > 0) {
    // fields[0] is the state, fields[19] the start time (fields 3 and 22 of the whole line).
    if (fields[0] === 'Z' || fields[0] === 'X') return { running: false };
    return { running: true, start: fields[19] ?? null };
  }
  if (fields !== null && fs.existsSync('/proc/self/stat')) return { running: false };
  // No /proc (or not readable): ask the system.
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return { running: false };
  }
  try {
    const start = execFileSync('ps', ['-o', 'lstart=', '-p', String(pid)], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    return start === '' ? { running: false } : { running: true, start };
  } catch {
    return { running: true, start: null };
  }
}

/** This process as a lock file names it. */
function currentOwner(): LockOwner {
  const state = processState(process.pid);
  return {
    pid: process.pid,
    start: state.running ? state.start : null,
    boot: readBootId(),
  };
}

/** The owner a lock file names; old lock files hold a bare pid. */
function parseLock(text: string): LockOwner | null {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) return { pid: Number(trimmed), start: null, boot: null };
  try {
    const value = JSON.parse(trimmed) as Partial<LockOwner>;
    if (!Number.isInteger(value.pid) || (value.pid as number) <= 0) return null;
    return {
      pid: value.pid as number,
      start: typeof value.start === 'string' ? value.start : null,
      boot: typeof value.boot === 'string' ? value.boot : null,
    };
  } catch {
    return null;
  }
}

/** Whether the process a lock names is that process, still running. */
export function ownerIsAlive(owner: LockOwner): boolean {
  const boot = readBootId();
  if (owner.boot !== null && boot !== null && owner.boot !== boot) return false;
  const state = processState(owner.pid);
  if (!state.running) return false;
  return owner.start === null || state.start === null || owner.start === state.start;
}

function lockPath(firestoreDir: string): string {
  return path.join(firestoreDir, LOCK);
}

function readOwner(file: string): LockOwner | null {
  try {
    return parseLock(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/**
 * The running emulator holding a data directory (the one `--data-dir` names, which holds
 * `firestore/LOCK`), or null when none does. What `npm run emulators` checks before it starts.
 */
export function liveOwnerOf(dataDir: string): LockOwner | null {
  const owner = readOwner(lockPath(path.join(dataDir, 'firestore')));
  return owner !== null && owner.pid !== process.pid && ownerIsAlive(owner) ? owner : null;
}

function sameOwner(a: LockOwner | null, b: LockOwner): boolean {
  return a !== null && a.pid === b.pid && a.start === b.start && a.boot === b.boot;
}

/** SIGKILL's bit in the pending-signal masks of `/proc/<pid>/status`. */
const SIGKILL_BIT = 1n << 8n;

/**
 * Whether `pid` has a SIGKILL pending: killed, but still finishing a system call (an fsync of
 * the journal can hold it for a while on a busy disk) before it exits. It writes nothing after
 * that call, but the call itself may still land in the journal, so the lock waits for it.
 */
function isBeingKilled(pid: number): boolean {
  try {
    return hasPendingSigkill(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return false;
  }
}

/** Whether a `/proc/<pid>/status` text shows SIGKILL pending, for the thread or the process. */
export function hasPendingSigkill(status: string): boolean {
  const masks = status.matchAll(/^(?:SigPnd|ShdPnd):\s*([0-9a-f]+)$/gm);
  return [...masks].some((mask) => (BigInt(`0x${mask[1]}`) & SIGKILL_BIT) !== 0n);
}

const DYING_OWNER_WAIT_MS = 5_000;

/** Waits, blocking, while `owner` is alive and being killed, for at most DYING_OWNER_WAIT_MS. */
function waitForDyingOwner(owner: LockOwner): void {
  const deadline = Date.now() + DYING_OWNER_WAIT_MS;
  const pause = new Int32Array(new SharedArrayBuffer(4));
  while (ownerIsAlive(owner) && isBeingKilled(owner.pid) && Date.now() < deadline) {
    Atomics.wait(pause, 0, 0, 20);
  }
}

/** Takes the lock of `dir` (the `firestore` folder) for this process, or refuses. */
export function acquireLock(dir: string): void {
  const file = lockPath(dir);
  const me = currentOwner();
  const text = JSON.stringify(me);
  try {
    // A fresh directory: of two emulators starting at once, exactly one creates the file.
    fs.writeFileSync(file, text, { flag: 'wx' });
    return;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const owner = readOwner(file);
  if (owner !== null && owner.pid !== process.pid) waitForDyingOwner(owner);
  if (owner !== null && owner.pid !== process.pid && ownerIsAlive(owner)) {
    throw new FirestoreError(
      9,
      'FAILED_PRECONDITION',
      `The data directory ${path.dirname(dir)} is in use by another emulator (process ${owner.pid}). ` +
        `Stop it, or delete ${file} if no emulator is running.`,
    );
  }
  // The owner is gone (or this is it, reopening): replace the file whole, never half-written.
  const staged = `${file}.${process.pid}`;
  fs.writeFileSync(staged, text);
  fs.renameSync(staged, file);
}

export function releaseLock(dir: string): void {
  const file = lockPath(dir);
  if (sameOwner(readOwner(file), currentOwner())) fs.rmSync(file, { force: true });
}
