import type { ChangeEvent, CompiledQuery, StoredDocument } from '../engine';

/** A message for the Listen stream (proto3 JSON of ListenResponse). */
export type ListenMessage = Record<string, unknown>;

export function wireDocument(doc: StoredDocument): Record<string, unknown> {
  return {
    name: doc.name,
    fields: doc.fields,
    createTime: doc.createTime,
    updateTime: doc.updateTime,
  };
}

/** What the client holds for one target, and how one commit changes it. */
export interface ListenTarget {
  readonly id: number;
  /** The documents the client is told about when the target is (re)added. */
  initialDocuments(): StoredDocument[];
  /** Appends this commit's changes for the target to `out`; the caller adds the global message. */
  applyCommit(event: ChangeEvent, out: ListenMessage[]): void;
}

function changeMessage(doc: StoredDocument, targetId: number): ListenMessage {
  return {
    documentChange: { document: wireDocument(doc), targetIds: [targetId] },
  };
}

function goneMessage(
  kind: 'documentDelete' | 'documentRemove',
  name: string,
  targetId: number,
  readTime: string,
): ListenMessage {
  return { [kind]: { document: name, removedTargetIds: [targetId], readTime } };
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

  applyCommit(event: ChangeEvent, out: ListenMessage[]): void {
    for (const change of event.changes) {
      if (!this.names.has(change.name)) continue;
      if (change.after) {
        this.present.add(change.name);
        out.push(changeMessage(change.after, this.id));
      } else if (this.present.delete(change.name)) {
        out.push(goneMessage('documentDelete', change.name, this.id, event.readTime));
      }
    }
  }
}

/**
 * A query target. The client's view is kept sorted so that most commits are applied without
 * re-running the query; a commit that may pull in documents from beyond a `limit` window (or any
 * commit touching an `offset` query) re-runs it.
 */
export class QueryTarget implements ListenTarget {
  private view: StoredDocument[];
  private byName = new Map<string, StoredDocument>();

  constructor(
    readonly id: number,
    private readonly query: CompiledQuery,
    initial: StoredDocument[],
  ) {
    this.view = initial;
    for (const doc of initial) this.byName.set(doc.name, doc);
  }

  initialDocuments(): StoredDocument[] {
    return this.view;
  }

  applyCommit(event: ChangeEvent, out: ListenMessage[]): void {
    const relevant = event.changes.filter(
      (c) => this.byName.has(c.name) || (c.after !== null && this.query.matches(c.after)),
    );
    if (relevant.length === 0) return;
    const next = this.nextView(relevant);
    const nextByName = new Map<string, StoredDocument>();
    for (const doc of next) nextByName.set(doc.name, doc);

    const deleted = new Set(relevant.filter((c) => c.after === null).map((c) => c.name));
    for (const doc of this.view) {
      if (nextByName.has(doc.name)) continue;
      const kind = deleted.has(doc.name) ? 'documentDelete' : 'documentRemove';
      out.push(goneMessage(kind, doc.name, this.id, event.readTime));
    }
    for (const doc of next) {
      const before = this.byName.get(doc.name);
      if (!before || before.updateTime !== doc.updateTime) out.push(changeMessage(doc, this.id));
    }
    this.view = next;
    this.byName = nextByName;
  }

  private nextView(relevant: ChangeEvent['changes']): StoredDocument[] {
    const { limit, offset, limitToLast } = this.query;
    if (offset > 0 || limitToLast) return this.query.run();
    const windowWasFull = limit !== undefined && this.view.length >= limit;
    const oldTail = this.view[this.view.length - 1];
    const touched = new Set(relevant.map((c) => c.name));
    const next = this.view.filter((doc) => !touched.has(doc.name));
    const removedSome = next.length < this.view.length;
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

  private insertSorted(list: StoredDocument[], doc: StoredDocument): void {
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.query.compare(list[mid]!, doc) < 0) lo = mid + 1;
      else hi = mid;
    }
    list.splice(lo, 0, doc);
  }
}
