// The member's own lists (their feed's own posts, their own profile) read cards like every other
// list, and show this tab's own writes on top until the cards have them (ownPostWrites.ts): a post
// made or edited here is read from its post document by id (with its follower list, for those few
// posts only), one deleted here is left out.
import { onSnapshot } from 'firebase/firestore';
import type { Timestamp } from 'firebase/firestore';
import { useEffect, useMemo } from 'react';
import { postRef } from 'shared-firebase';
import type { LiveDocument, PagedQuery, PostCard, WithId } from 'shared-firebase';
import { useLiveById } from './liveById';
import { settleOwnPostWrite, useOwnPostWrites } from './ownPostWrites';

/** A post document as this tab sees it, and whether it has local writes the server has not confirmed. */
interface OwnPostRead {
  post: PostCard;
  pending: boolean;
}

/** Listens to one post document, its pending state included (a made post waits offline). */
function listenToOwnPost(postId: string, show: (read: LiveDocument<OwnPostRead>) => void) {
  return onSnapshot(
    postRef(postId),
    { includeMetadataChanges: true },
    (snapshot) => {
      const post = snapshot.data({ serverTimestamps: 'estimate' });
      show(
        post
          ? { status: 'ready', data: { post, pending: snapshot.metadata.hasPendingWrites } }
          : { status: 'missing' },
      );
    },
    (error) => show({ status: 'error', error }),
  );
}

const NONE: ReadonlySet<string> = new Set();

const editedMillis = (at: Timestamp | null | undefined) =>
  typeof at?.toMillis === 'function' ? at.toMillis() : 0;

/** The card shows the post as this tab wrote it: it exists, and has its latest edit. */
function caughtUp(card: PostCard | undefined, read: OwnPostRead): boolean {
  return (
    card !== undefined &&
    !read.pending &&
    editedMillis(card.editedAt) >= editedMillis(read.post.editedAt)
  );
}

/**
 * `pages` (the member's own posts, from their cards, newest first) with this tab's own writes:
 * a post made here and not yet in a card comes first, read from its post (its pending write marked
 * in `pendingIds`); a shown post edited here is its post until its card has the edit; a post
 * deleted here is gone. A write the card caught up with (or whose post is gone) is settled.
 * Another member's list (`own` false) is `pages` as it is.
 */
export function useWithOwnWrites(pages: PagedQuery<PostCard>, own = true): PagedQuery<PostCard> {
  const writes = useOwnPostWrites();
  const { made, edited } = writes;
  const deleted = own ? writes.deleted : NONE;
  const ids = useMemo(
    () => (own ? [...new Set([...made, ...edited])].sort() : []),
    [own, made, edited],
  );
  const reads = useLiveById(ids, 0, listenToOwnPost);

  const cards = new Map(pages.items.map((card) => [card.id, card]));
  const shownAsPost = new Map<string, OwnPostRead>();
  const settled: string[] = [];
  for (const id of ids) {
    const read = reads[id];
    if (read?.status === 'missing') settled.push(id);
    if (read?.status !== 'ready') continue;
    if (caughtUp(cards.get(id), read.data)) settled.push(id);
    else shownAsPost.set(id, read.data);
  }
  const settledKey = settled.join('/');
  useEffect(() => {
    if (settledKey !== '') for (const id of settledKey.split('/')) settleOwnPostWrite(id);
  }, [settledKey]);

  if (shownAsPost.size === 0 && deleted.size === 0) return pages;
  const asPost = (id: string, read: OwnPostRead): WithId<PostCard> => ({ ...read.post, id });
  // A made post is newer than any card; the newest (still unstamped while pending) first.
  const newlyMade = [...shownAsPost]
    .filter(([id]) => made.has(id) && !cards.has(id))
    .map(([id, read]) => asPost(id, read))
    .sort((a, b) => madeAt(b) - madeAt(a));
  const items = [
    ...newlyMade,
    ...pages.items.map((card) => {
      const read = shownAsPost.get(card.id);
      return read ? asPost(card.id, read) : card;
    }),
  ].filter((post) => !deleted.has(post.id));
  const pendingIds = new Set(pages.pendingIds ?? []);
  for (const [id, read] of shownAsPost) if (read.pending) pendingIds.add(id);
  return { ...pages, items, pendingIds };
}

/** When a post was made; one without a time yet is the newest. */
function madeAt(post: PostCard): number {
  const at = post.createdAt as Timestamp | null | undefined;
  return typeof at?.toMillis === 'function' ? at.toMillis() : Number.POSITIVE_INFINITY;
}
