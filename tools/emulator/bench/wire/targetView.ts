/**
 * What a client holds for one Listen target, rebuilt from the server's messages the way the SDK's
 * watch change aggregator applies them: changes for the target accumulate, and only a global
 * `targetChange` (no target ids) with a `readTime` turns them into a snapshot. It also counts
 * what arrived, so a benchmark can prove that every commit reached the target.
 */

export interface WireDocument {
  name: string;
  fields?: Record<string, unknown>;
  updateTime?: string;
}

interface TargetChange {
  targetChangeType?: string;
  targetIds?: number[];
  readTime?: string;
  cause?: { message?: string };
}

interface ListenMessage {
  targetChange?: TargetChange;
  documentChange?: { document: WireDocument; targetIds?: number[] };
  documentRemove?: { document: string; removedTargetIds?: number[] };
  documentDelete?: { document: string; removedTargetIds?: number[] };
  error?: { status?: string; message?: string };
}

/** Microsecond-exact comparison of RFC3339 UTC timestamps of any fractional precision. */
function compareReadTimes(a: string, b: string): number {
  const split = (t: string): [string, string] => {
    const match = /^(.*?)(?:\.(\d+))?Z$/.exec(t);
    if (!match) throw new Error(`bad readTime ${t}`);
    return [match[1]!, (match[2] ?? '').padEnd(9, '0')];
  };
  const [sa, fa] = split(a);
  const [sb, fb] = split(b);
  if (sa !== sb) return sa < sb ? -1 : 1;
  return fa === fb ? 0 : fa < fb ? -1 : 1;
}

export class TargetView {
  /** documentChange messages that named this target. */
  changes = 0;
  /** Distinct documents those messages carried. */
  readonly changedNames = new Set<string>();
  /** documentRemove / documentDelete messages that named this target. */
  removals = 0;
  /** Global snapshots raised since the target became current. */
  snapshots = 0;
  current = false;
  /** The documents of the last snapshot, by name. */
  snapshot = new Map<string, WireDocument>();
  /** Changes since the last snapshot; null = the document left the target. */
  private readonly pending = new Map<string, WireDocument | null>();
  private resetPending = false;
  private lastReadTime = '';

  constructor(readonly targetId: number) {}

  /** Applies one server message; throws on anything a healthy target never receives. */
  apply(raw: unknown): void {
    const message = raw as ListenMessage;
    if (message.error) {
      throw new Error(`listen error ${message.error.status}: ${message.error.message}`);
    }
    const id = this.targetId;
    if (message.targetChange) {
      const change = message.targetChange;
      const ids = change.targetIds ?? [];
      if (ids.length === 0) {
        if (change.readTime !== undefined) this.raiseSnapshot(change.readTime);
        return;
      }
      if (!ids.includes(id)) return;
      switch (change.targetChangeType) {
        case 'ADD':
          return;
        case 'CURRENT':
          this.current = true;
          return;
        case 'RESET':
          this.pending.clear();
          this.resetPending = true;
          return;
        case 'REMOVE':
          throw new Error(`target ${id} removed: ${change.cause?.message ?? 'no cause'}`);
        default:
          return; // NO_CHANGE
      }
    }
    if (message.documentChange) {
      if (!(message.documentChange.targetIds ?? []).includes(id)) return;
      this.changes++;
      this.changedNames.add(message.documentChange.document.name);
      this.pending.set(message.documentChange.document.name, message.documentChange.document);
      return;
    }
    const gone = message.documentRemove ?? message.documentDelete;
    if (gone) {
      if (!(gone.removedTargetIds ?? []).includes(id)) return;
      this.removals++;
      this.pending.set(gone.document, null);
    }
  }

  private raiseSnapshot(readTime: string): void {
    if (this.lastReadTime !== '' && compareReadTimes(readTime, this.lastReadTime) < 0) {
      throw new Error(`readTime went backwards: ${readTime} < ${this.lastReadTime}`);
    }
    this.lastReadTime = readTime;
    if (!this.current) return;
    if (this.resetPending) this.snapshot.clear();
    this.resetPending = false;
    for (const [name, doc] of this.pending) {
      if (doc === null) this.snapshot.delete(name);
      else this.snapshot.set(name, doc);
    }
    this.pending.clear();
    this.snapshots++;
  }
}
