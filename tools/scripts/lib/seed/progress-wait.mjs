// Waiting on the functions: the seed's writes start thousands of function runs, which take minutes
// on a busy 2-core machine. A wait gives up only when nothing has moved for `stallMs` (the
// Functions emulator not running, or a function failing), never while work is still being done,
// and reports how far it is every `reportMs`.
import { setTimeout as delay } from 'node:timers/promises';

const REPORT_MS = 15_000;

/**
 * Calls `check` every `pollMs` until it returns nothing left, or until `stallMs` pass without the
 * number left falling. Resolves with what is left (empty when done).
 * @template T
 * @param {{ check: () => Promise<T[]>, pollMs: number, stallMs: number, report?: (left: number) => void }} options
 * @returns {Promise<T[]>}
 */
export async function waitWhileProgressing({ check, pollMs, stallMs, report = () => {} }) {
  let left = await check();
  let fewest = left.length;
  let movedAt = Date.now();
  let reportedAt = Date.now();
  while (left.length > 0 && Date.now() - movedAt <= stallMs) {
    await delay(pollMs);
    left = await check();
    if (left.length < fewest) {
      fewest = left.length;
      movedAt = Date.now();
    }
    if (left.length > 0 && Date.now() - reportedAt >= REPORT_MS) {
      report(left.length);
      reportedAt = Date.now();
    }
  }
  return left;
}
