import type { ChangeEvent, CompiledQuery, StoredDocument } from '../engine';
import type { CommitEncoding } from '../protocol';

/** A message for the Listen stream (proto3 JSON of ListenResponse). */
export type ListenMessage = Record<string, unknown>;

type GoneKind = 'documentDelete' | 'documentRemove';

/**
 * One commit's changes for the targets of one Listen session. A document that changed for
 * several targets is sent once with all their ids (as Watch does), so a client listening to many
 * queries decodes it once instead of once per target.
 */
export class CommitChanges {
  private readonly changed = new Map<string, { doc: StoredDocument; targetIds: number[] }>();
  private readonly gone = new Map<string, { kind: GoneKind; name: string; targetIds: number[] }>();

  /** `doc` (now in the target) is new or changed for the client. */
  change(doc: StoredDocument, targetId: number): void {
    const entry = this.changed.get(doc.name);
    if (entry) entry.targetIds.push(targetId);
    else this.changed.set(doc.name, { doc, targetIds: [targetId] });
  }

  /** `name` left the target: deleted, or no longer matching (or pushed out of a limit). */
  leave(kind: GoneKind, name: string, targetId: number): void {
    const key = `${kind}/${name}`;
    const entry = this.gone.get(key);
    if (entry) entry.targetIds.push(targetId);
    else this.gone.set(key, { kind, name, targetIds: [targetId] });
  }

  /** The documents sent as new or changed. */
  changedNames(): IterableIterator<string> {
    return this.changed.keys();
  }

  get isEmpty(): boolean {
    return this.changed.size === 0 && this.gone.size === 0;
  }

  /** The commit's messages as JSON; the caller adds the global targetChange that ends the snapshot. */
  encode(encoding: CommitEncoding): string[] {
    const out: string[] = [];
    for (const { kind, name, targetIds } of this.gone.values()) {
      out.push(
        `{"${kind}":{"document":${JSON.stringify(name)},"removedTargetIds":[${targetIds.join(',')}],"readTime":${encoding.readTimeJson}}}`,
      );
    }
    for (const { doc, targetIds } of this.changed.values()) {
      out.push(
        `{"documentChange":{"document":${encoding.document(doc)},"targetIds":[${targetIds.join(',')}]}}`,
      );
    }
    return out;
  }
}

/** What the client holds for one target, and how one commit changes it. */
export interface ListenTarget {
  readonly id: number;
  /** The documents the client is told about when the target is (re)added. */
  initialDocuments(): StoredDocument[];
  /** Records this commit's changes for the target in `out`. */
  applyCommit(event: ChangeEvent, out: CommitChanges): void;
}

/** A `documents` target: a fixed set of names (getDoc, onSnapshot of a doc, limbo look-ups). */
export class DocumentsTarget implements ListenTarget {
  private readonly present = new Set<string>();

  constructor(
    readonly id: number,
    private readonly names: Set<string>,
    private readonly initial: StoredDocument[],
  ) {
    for (const doc of initial) this.present.add(doc.name);
  }

  initialDocuments(): StoredDocument[] {
    return this.initial;
  }

  applyCommit(event: ChangeEvent, out: CommitChanges): void {
    for (const change of event.changes) {
      if (!this.names.has(change.name)) continue;
      if (change.after) {
        this.present.add(change.name);
        out.change(change.after, this.id);
      } else if (this.present.delete(change.name)) {
        out.leave('documentDelete', change.name, this.id);
      }
    }
  }
}

/**
 * A query target. What the client holds is kept sorted so that most commits are applied without
 * re-running the query; a commit that may pull in documents from beyond a `limit` window re-runs
 * it. A query with an `offset` is kept the same way over its whole window, the skipped documents
 * included (`query` is then the query without offset, limited to offset + limit): a commit costs
 * it an insertion, not a re-run, so a client holding many such targets cannot slow every commit.
 */
export class QueryTarget implements ListenTarget {
  /** The window in query order: the `offset` skipped documents, then what the client holds. */
  private window: StoredDocument[];
  /** What the client holds (the window after the offset), by name. */
  private visible = new Map<string, StoredDocument>();

  constructor(
    readonly id: number,
    /** The query without offset (its `limit` covers the skipped documents too). */
    private readonly query: CompiledQuery,
    private readonly offset: number,
    window: StoredDocument[],
  ) {
    this.window = window;
    this.visible = this.visibleOf(window);
  }

  private visibleOf(window: StoredDocument[]): Map<string, StoredDocument> {
    return new Map(window.slice(this.offset).map((doc) => [doc.name, doc]));
  }

  initialDocuments(): StoredDocument[] {
    return this.window.slice(this.offset);
  }

  /** Whether `doc` (as it was before a commit) sits in the window: no per-name index to keep. */
  private inWindow(doc: StoredDocument | null): boolean {
    if (doc === null || !this.query.matches(doc)) return false;
    const { limit } = this.query;
    if (limit === undefined || this.window.length < limit) return true;
    const tail = this.window[this.window.length - 1];
    return tail !== undefined && this.query.compare(doc, tail) <= 0;
  }

  applyCommit(event: ChangeEvent, out: CommitChanges): void {
    const relevant = event.changes.filter(
      (c) => this.inWindow(c.before) || (c.after !== null && this.query.matches(c.after)),
    );
    if (relevant.length === 0) return;
    const next = this.nextWindow(relevant);
    const unchanged = this.holdsSameVisible(next);
    this.window = next;
    // Most commits that touch a long offset window move only its skipped part.
    if (unchanged) return;
    const before = this.visible;
    this.visible = this.visibleOf(next);

    const deleted = new Set(relevant.filter((c) => c.after === null).map((c) => c.name));
    for (const name of before.keys()) {
      if (this.visible.has(name)) continue;
      out.leave(deleted.has(name) ? 'documentDelete' : 'documentRemove', name, this.id);
    }
    for (const doc of this.visible.values()) {
      const held = before.get(doc.name);
      if (!held || held.updateTime !== doc.updateTime) out.change(doc, this.id);
    }
  }

  /** Whether `next` shows the client exactly the document versions it holds now. */
  private holdsSameVisible(next: StoredDocument[]): boolean {
    const shown = (window: StoredDocument[]) => Math.max(0, window.length - this.offset);
    if (shown(next) !== shown(this.window)) return false;
    for (let i = this.offset; i < next.length; i++) {
      if (next[i] !== this.window[i]) return false;
    }
    return true;
  }

  private nextWindow(relevant: ChangeEvent['changes']): StoredDocument[] {
    const { limit, limitToLast } = this.query;
    if (limitToLast) return this.query.run();
    const windowWasFull = limit !== undefined && this.window.length >= limit;
    const oldTail = this.window[this.window.length - 1];
    const next = this.window.slice();
    let removedSome = false;
    for (const change of relevant) {
      const at = change.before ? this.indexOf(next, change.before) : -1;
      if (at >= 0) {
        next.splice(at, 1);
        removedSome = true;
      }
    }
    for (const change of relevant) {
      if (change.after && this.query.matches(change.after)) this.insertSorted(next, change.after);
    }
    if (limit === undefined) return next;
    if (windowWasFull && removedSome) {
      // Documents outside the old window all sort after its old tail; the new window is exact
      // only if it is full and ends no later than that tail.
      const lastKept = next[limit - 1];
      if (!lastKept || !oldTail || this.query.compare(lastKept, oldTail) > 0) {
        return this.query.run();
      }
    }
    return next.length > limit ? next.slice(0, limit) : next;
  }

  /** The first position in `list` (in query order) whose document does not sort before `doc`. */
  private lowerBound(list: StoredDocument[], doc: StoredDocument): number {
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.query.compare(list[mid]!, doc) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Position of the document named like `doc` and sorted like it, or -1. */
  private indexOf(list: StoredDocument[], doc: StoredDocument): number {
    const at = this.lowerBound(list, doc);
    return at < list.length && list[at]!.name === doc.name ? at : -1;
  }

  private insertSorted(list: StoredDocument[], doc: StoredDocument): void {
    list.splice(this.lowerBound(list, doc), 0, doc);
  }
}
