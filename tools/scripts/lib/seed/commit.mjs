// Commits one batch of the seed's writes, again when Firestore aborts it for contention.
//
// Google's Cloud Firestore emulator, like production, aborts a commit that waits too long on
// another commit's document locks ("Transaction lock timeout", ABORTED); the seed's parallel
// batches share documents (an author's usersData, a post's likes). Nothing of an aborted commit is
// applied. The app's full SDK retries such writes itself; the Lite client the seed uses does not.
import { setTimeout as delay } from 'node:timers/promises';
import { writeBatch } from 'firebase/firestore/lite';

export const COMMIT_ATTEMPTS = 6;

/**
 * Builds a batch with `fill` and commits it; after an ABORTED, builds and commits it anew (up to
 * COMMIT_ATTEMPTS times, with growing jittered delays so contenders part). Resolves with what
 * `fill` returned for the commit that was applied.
 * @template T
 * @template {{ commit(): Promise<void> }} [B=import('firebase/firestore/lite').WriteBatch]
 * @param {import('firebase/firestore/lite').Firestore} db
 * @param {(batch: B) => T} fill
 * @param {{ firstDelayMs?: number, newBatch?: (db: import('firebase/firestore/lite').Firestore) => B }} [options]
 *   `newBatch` for tests
 * @returns {Promise<T>}
 */
export async function commitWithRetry(
  db,
  fill,
  { firstDelayMs = 100, newBatch = writeBatch } = {},
) {
  for (let attempt = 1; ; attempt += 1) {
    const batch = newBatch(db);
    const result = fill(batch);
    try {
      await batch.commit();
      return result;
    } catch (error) {
      if (error?.code !== 'aborted' || attempt === COMMIT_ATTEMPTS) throw error;
      await delay(firstDelayMs * 2 ** (attempt - 1) * (0.5 + Math.random()));
    }
  }
}
