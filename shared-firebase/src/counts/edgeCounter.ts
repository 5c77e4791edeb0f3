// Edges counted exactly once into sharded counters (docs/DATA_MODEL.md "Counts"): each edge (a
// follow, a like) has a mark saying it is counted, and each count is COUNT_SHARDS documents that
// are only ever incremented. The profile's follow counts and the feed's like counts both stand on
// this. Structural types, so this package does not depend on firebase-admin (the codebases bring
// it, and pass its `FieldValue.increment`).

/**
 * Counter documents per count. Each takes about one write a second in production, so a count
 * keeps up with about this many edges made (or undone) a second; a burst beyond it waits in the
 * transactions' retries.
 */
export const COUNT_SHARDS = 10;

/** A shard picked at random, so edges counted at once rarely write the same document. */
export const randomShard = (): number => Math.floor(Math.random() * COUNT_SHARDS);

/** The parts of a server SDK transaction that counting uses. */
export interface EdgeCountTransaction<Ref> {
  getAll(...refs: Ref[]): Promise<ReadonlyArray<{ readonly exists: boolean }>>;
  set(ref: Ref, data: Record<string, unknown>, options: { merge: boolean }): unknown;
  delete(ref: Ref): unknown;
}

/** A server SDK Firestore, as far as counting an edge uses it. */
export interface EdgeCountStore<Ref> {
  runTransaction<T>(update: (transaction: EdgeCountTransaction<Ref>) => Promise<T>): Promise<T>;
}

/** One edge as its counts see it. */
export interface CountedEdge<Ref> {
  /** The edge document: the source of truth. */
  edge: Ref;
  /** Exists exactly while the edge is in its counts. */
  mark: Ref;
  /** The mark's fields (who the edge joins), so that a member's marks can be found. */
  markFields: Readonly<Record<string, string>>;
  /** The shard of each count the edge is in that its step goes to, with the shard's own fields. */
  shards: ReadonlyArray<{ ref: Ref; fields: Readonly<Record<string, unknown>> }>;
}

/** What counting an edge did: added it, took it out, or found the counts already right. */
export type EdgeCountOutcome = 'added' | 'removed' | 'unchanged';

/** A server SDK field transform that adds `step` (firebase-admin's `FieldValue.increment`). */
export type Increment = (step: number) => unknown;

/**
 * Brings the counts to the edge as it is now: an edge without a mark is added to each of its
 * counts and marked; a mark without its edge is taken out and removed. One transaction over the
 * edge and its mark, so the same event twice, an older event late, a migration's pass and a
 * clean-up all count each edge exactly once. The shards are only written (an increment), never
 * read here: edges counted into one count at once contend only for their own documents.
 */
export function countEdgeOnce<Ref>(
  store: EdgeCountStore<Ref>,
  counted: CountedEdge<Ref>,
  increment: Increment,
): Promise<EdgeCountOutcome> {
  return store.runTransaction(async (transaction) => {
    const [edge, mark] = await transaction.getAll(counted.edge, counted.mark);
    if (edge!.exists === mark!.exists) return 'unchanged';
    const step = edge!.exists ? 1 : -1;
    if (edge!.exists) transaction.set(counted.mark, { ...counted.markFields }, { merge: false });
    else transaction.delete(counted.mark);
    for (const { ref, fields } of counted.shards) {
      transaction.set(ref, { ...fields, value: increment(step) }, { merge: true });
    }
    return step > 0 ? 'added' : 'removed';
  });
}

/** A count as its shards hold it (0 when none exist). */
export function sumOfShards(shards: ReadonlyArray<{ get(field: string): unknown }>): number {
  return shards.reduce((sum, shard) => {
    const value: unknown = shard.get('value');
    return sum + (typeof value === 'number' ? value : 0);
  }, 0);
}

/** A server SDK store that reads several documents at once. */
export interface EdgeReadStore<Ref> extends EdgeCountStore<Ref> {
  getAll(...refs: NoInfer<Ref>[]): Promise<ReadonlyArray<{ readonly exists: boolean }>>;
}

/**
 * A migration's pass over a page of existing edges: counts each one whose mark is missing (by
 * countEdgeOnce, so one its event counts meanwhile is not counted twice); returns how many.
 */
export async function countUnmarked<Ref>(
  store: EdgeReadStore<Ref>,
  edges: ReadonlyArray<CountedEdge<Ref>>,
  increment: Increment,
): Promise<number> {
  if (edges.length === 0) return 0;
  const marks = await store.getAll(...edges.map((counted) => counted.mark));
  let added = 0;
  for (const [i, mark] of marks.entries()) {
    if (mark.exists) continue;
    if ((await countEdgeOnce(store, edges[i]!, increment)) === 'added') added += 1;
  }
  return added;
}

/** A page of marks, read by one query of a member's. */
export interface MarkQuery {
  get(): Promise<{ docs: ReadonlyArray<{ get(field: string): unknown }> }>;
}

/**
 * For a member whose account is being deleted: the edges of theirs that `queries` find marked are
 * taken out of the counts, as their own events would, after deleting any such edge that still
 * exists (one made after the deletion's steps for them), so each mark found goes; returns how
 * many. Once it returns 0, no event of theirs writes a shard again (each would find its edge and
 * mark both gone). `countedOf` rebuilds an edge from its mark's fields (null for a malformed one,
 * which is only deleted).
 */
export async function uncountMarked<Ref extends { delete(): Promise<unknown> }>(
  store: EdgeCountStore<Ref>,
  queries: readonly MarkQuery[],
  countedOf: (mark: { get(field: string): unknown }) => CountedEdge<Ref>,
  increment: Increment,
): Promise<number> {
  const pages = await Promise.all(queries.map((query) => query.get()));
  const marks = pages.flatMap((page) => page.docs);
  for (const mark of marks) {
    const counted = countedOf(mark);
    await counted.edge.delete();
    await countEdgeOnce(store, counted, increment);
  }
  return marks.length;
}
