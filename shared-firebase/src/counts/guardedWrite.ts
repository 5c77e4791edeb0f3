// Writes made only if the document is still the version read (an `updateTime` precondition), the
// same guard as syncCounts: it serializes writers on both emulators and in production without a
// transaction's locks on what it read. Structural types, so this package does not depend on
// firebase-admin (the codebases bring it).

/** The parts of a server SDK snapshot the guard compares. */
export interface VersionedSnapshot {
  readonly exists: boolean;
  readonly updateTime?: { isEqual(other: never): boolean };
}

/** A server SDK document reference, as far as the guard reads it. */
export interface VersionedReference<Snapshot extends VersionedSnapshot> {
  get(): Promise<Snapshot>;
}

/** Whether the document is no longer the version `read`: gone, or written since. */
export async function movedOn<Snapshot extends VersionedSnapshot>(
  ref: VersionedReference<Snapshot>,
  read: Snapshot,
): Promise<boolean> {
  const now = await ref.get();
  if (now.exists !== read.exists) return true;
  if (!now.exists) return false;
  return !read.updateTime || !now.updateTime || !read.updateTime.isEqual(now.updateTime as never);
}

/**
 * Runs `commit` (which writes with a precondition on `read`); false when the document moved on
 * meanwhile (the caller reads again), the error when it failed for another reason. The refusal's
 * code depends on the transport, so the document is asked rather than the error.
 */
export async function committedIfUnchanged<Snapshot extends VersionedSnapshot>(
  ref: VersionedReference<Snapshot>,
  read: Snapshot,
  commit: () => Promise<unknown>,
): Promise<boolean> {
  try {
    await commit();
    return true;
  } catch (error) {
    if (await movedOn(ref, read)) return false;
    throw error;
  }
}

/** How often a guarded step runs before the function gives up (its event is then retried). */
export const GUARDED_ATTEMPTS = 20;
