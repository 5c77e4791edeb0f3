/**
 * Keeps count fields equal to what they count (docs/DATA_MODEL.md "Counts"), for the teams'
 * functions: the count is always recomputed from the source of truth, never incremented, so an
 * event delivered twice, or events handled out of order, cannot make it wrong.
 *
 * Why no transaction: production locks what a server SDK transaction reads, so a count would
 * hold members' writes of a busy post or profile while it reads its source. Instead each write is
 * made only if the counted document is still the version that was read (an `updateTime`
 * precondition, honoured by both emulators and production), and after writing, or finding the
 * count right, the source is counted again: if it moved meanwhile, the whole step runs again.
 * So the last write always holds a count that was still true after it was written, and any later
 * change of the source has an event of its own that finds the count and corrects it.
 *
 * A document without the source's change does not trigger this again: a field is written only
 * when it differs, so a function that writes the document it watches stops after one round.
 */

/**
 * Count fields by their path in the counted document, e.g. `{ 'counts.likes': 3 }`, and the flags
 * derived with them (`postsComplete: false`).
 */
export type CountFields = Record<string, number | boolean>;

/** What `syncCounts` needs of the counted document; `Snapshot` is the server SDK's. */
export interface CountedDocument<Snapshot> {
  /** Reads the counted document; null when it does not exist (then nothing is written). */
  read(): Promise<Snapshot | null>;
  /** What the count fields should hold, read from the source of truth (after `read`). */
  expected(document: Snapshot): Promise<CountFields>;
  /** What they hold in `document`. */
  held(document: Snapshot, field: string): unknown;
  /**
   * Writes the fields if the document is still the version `document` was read at: false when
   * it changed or went away meanwhile (the step runs again), true when written.
   */
  writeIfUnchanged(document: Snapshot, fields: CountFields): Promise<boolean>;
}

/** What a sync did: wrote new counts, found them right, or found no document to count into. */
export type SyncOutcome = 'written' | 'unchanged' | 'missing';

/** How often a step runs before giving up (the function then throws and its event is retried). */
export const SYNC_ATTEMPTS = 8;

function sameCounts(a: CountFields, b: CountFields): boolean {
  return Object.keys(a).every((field) => a[field] === b[field]);
}

/** Makes the counted document's fields equal to the source's counts; see the file comment. */
export async function syncCounts<Snapshot>(
  document: CountedDocument<Snapshot>,
): Promise<SyncOutcome> {
  let wrote = false;
  for (let attempt = 0; attempt < SYNC_ATTEMPTS; attempt += 1) {
    const current = await document.read();
    if (current === null) return 'missing';
    const expected = await document.expected(current);
    const stale = Object.fromEntries(
      Object.entries(expected).filter(([field, value]) => document.held(current, field) !== value),
    );
    if (Object.keys(stale).length > 0) {
      if (!(await document.writeIfUnchanged(current, stale))) continue;
      wrote = true;
    }
    // Counted again after the write: a change of the source in between makes another round.
    if (sameCounts(expected, await document.expected(current))) {
      return wrote ? 'written' : 'unchanged';
    }
  }
  throw new Error(`counts still moving after ${SYNC_ATTEMPTS} attempts`);
}
