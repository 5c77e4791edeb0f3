import * as fs from 'node:fs';
import * as path from 'node:path';
import { FirestoreError } from '../../values/errors';

/**
 * One emulator process per data directory: a second one would compact the journal under the
 * first one's feet and lose its commits. The lock is a file holding the owner's pid; a lock whose
 * process is gone (or a zombie) is taken over. The same process may reopen (as after a crash in
 * tests).
 */

const LOCK = 'LOCK';

function processIsRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    // A killed child that its parent has not reaped yet still answers signal 0.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true;
  }
}

export function acquireLock(dir: string): void {
  const file = path.join(dir, LOCK);
  let owner = NaN;
  try {
    owner = Number(fs.readFileSync(file, 'utf8').trim());
  } catch {
    // no lock yet
  }
  if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && processIsRunning(owner)) {
    throw new FirestoreError(
      9,
      'FAILED_PRECONDITION',
      `The data directory ${path.dirname(dir)} is in use by another emulator (process ${owner}). ` +
        `Stop it, or delete ${file} if no emulator is running.`,
    );
  }
  fs.writeFileSync(file, String(process.pid));
}

export function releaseLock(dir: string): void {
  const file = path.join(dir, LOCK);
  try {
    if (fs.readFileSync(file, 'utf8').trim() === String(process.pid)) fs.unlinkSync(file);
  } catch {
    // already gone
  }
}
