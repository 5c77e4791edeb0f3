// What this tab wrote to the member's own posts that their cards may not show yet: the feed's
// function copies a post into its card after the write (docs/DATA_MODEL.md "Post cards"), while
// the member expects their lists to show a post they made or edited, and to drop one they
// deleted, at once. Kept for the page's life in memory, as Firestore keeps its own local writes.
import { useSyncExternalStore } from 'react';

export interface OwnPostWrites {
  /** Posts made here, shown from their post document until their card exists. */
  made: ReadonlySet<string>;
  /** Posts edited here, shown from their post document until their card has the edit. */
  edited: ReadonlySet<string>;
  /** Posts deleted here, left out of the member's lists before their cards are gone. */
  deleted: ReadonlySet<string>;
}

let writes: OwnPostWrites = { made: new Set(), edited: new Set(), deleted: new Set() };
const subscribers = new Set<() => void>();

function change(next: Partial<OwnPostWrites>): void {
  writes = { ...writes, ...next };
  for (const notify of subscribers) notify();
}

const adding = (ids: ReadonlySet<string>, id: string) => new Set([...ids, id]);
const removing = (ids: ReadonlySet<string>, id: string) =>
  new Set([...ids].filter((other) => other !== id));

/** A post made here: its local write is applied (the batch's commit was called). */
export function noteOwnPostMade(postId: string): void {
  if (!writes.made.has(postId)) change({ made: adding(writes.made, postId) });
}

/** A post whose edit the server accepted. */
export function noteOwnPostEdited(postId: string): void {
  if (!writes.edited.has(postId)) change({ edited: adding(writes.edited, postId) });
}

/** A post whose deletion the server accepted. */
export function noteOwnPostDeleted(postId: string): void {
  change({
    made: removing(writes.made, postId),
    edited: removing(writes.edited, postId),
    deleted: adding(writes.deleted, postId),
  });
}

/** The card shows the post as written (or the post is gone): it is read as any other again. */
export function settleOwnPostWrite(postId: string): void {
  if (!writes.made.has(postId) && !writes.edited.has(postId)) return;
  change({ made: removing(writes.made, postId), edited: removing(writes.edited, postId) });
}

function subscribe(notify: () => void): () => void {
  subscribers.add(notify);
  return () => subscribers.delete(notify);
}

/** The own post writes of this page as they are now. */
export function readOwnPostWrites(): OwnPostWrites {
  return writes;
}

/** The own post writes of this page, live. */
export function useOwnPostWrites(): OwnPostWrites {
  return useSyncExternalStore(subscribe, readOwnPostWrites, readOwnPostWrites);
}

/** Forgets every write (tests start from a page that wrote nothing). */
export function resetOwnPostWrites(): void {
  change({ made: new Set(), edited: new Set(), deleted: new Set() });
}
