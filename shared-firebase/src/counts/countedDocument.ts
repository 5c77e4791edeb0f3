import type { CountFields, CountedDocument } from './syncCounts';

/**
 * The parts of firebase-admin's DocumentSnapshot and DocumentReference that counting uses.
 * Structural, so this package does not depend on firebase-admin (the codebases bring it).
 */
export interface ServerSnapshot {
  readonly exists: boolean;
  readonly updateTime?: unknown;
  get(field: string): unknown;
}

/** A document reference of the server SDK, typed by its snapshots. */
export interface ServerDocumentReference<Snapshot extends ServerSnapshot> {
  get(): Promise<Snapshot>;
  update(
    data: Record<string, number | boolean>,
    precondition: { lastUpdateTime: never },
  ): Promise<unknown>;
}

/** An update time as the server SDKs give it (a Timestamp), comparable by `isEqual`. */
interface Comparable {
  isEqual(other: unknown): boolean;
}

/**
 * Whether the document is no longer the version read: gone, or written since. Asked of the
 * document rather than of the error, because the refusal's code depends on the transport (gRPC
 * says FAILED_PRECONDITION; the REST transport the functions use here reports the HTTP 400 as
 * INVALID_ARGUMENT).
 */
async function movedOn<Snapshot extends ServerSnapshot>(
  ref: ServerDocumentReference<Snapshot>,
  read: Snapshot,
): Promise<boolean> {
  const now = await ref.get();
  if (!now.exists) return true;
  const before = read.updateTime as Comparable | undefined;
  return !before || !before.isEqual(now.updateTime);
}

/**
 * A server SDK document whose count fields `syncCounts` keeps: `expected` reads the source of
 * truth (it may use the document read just before, e.g. a list inside it).
 */
export function countedDocument<Snapshot extends ServerSnapshot>(
  ref: ServerDocumentReference<Snapshot>,
  expected: (document: Snapshot) => Promise<CountFields>,
): CountedDocument<Snapshot> {
  return {
    read: async () => {
      const snapshot = await ref.get();
      return snapshot.exists ? snapshot : null;
    },
    expected,
    held: (document, field) => document.get(field),
    writeIfUnchanged: async (document, fields) => {
      try {
        await ref.update(fields, { lastUpdateTime: document.updateTime as never });
        return true;
      } catch (error) {
        if (await movedOn(ref, document)) return false;
        throw error;
      }
    },
  };
}
