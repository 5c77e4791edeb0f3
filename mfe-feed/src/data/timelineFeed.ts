// The home feed from the member's timeline (docs/DATA_MODEL.md "Timelines"): the entries the feed's
// functions pushed, each read as its live card (the post while it has none), merged in time order
// with the posts of the member and of the pulled authors, which are read from the authors' cards
// themselves (the member's with this tab's own writes on top: ownPosts.ts).
import { orderBy, query, where } from 'firebase/firestore';
import type { FirestoreError, Query, Timestamp } from 'firebase/firestore';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  postCardsCollection,
  postsCollection,
  PULLED_AUTHORS_BOUND,
  timelineEntriesCollection,
  timelineRef,
  useCardPages,
  useLiveDocument,
  usePagedQuery,
  useWithoutSuspended,
} from 'shared-firebase';
import type { PagedQuery, PostCard, TimelineEntry, WithId } from 'shared-firebase';
import { useLivePosts } from './livePosts';
import { useWithOwnWrites } from './ownPosts';

/** Posts per page of the home feed. */
export const FEED_PAGE_SIZE = 3;

/** Authors one `in` query names: Firestore's limit on an `in` filter's values. */
export const AUTHORS_PER_QUERY = 30;

/** Every pulled author, `AUTHORS_PER_QUERY` to a query. */
const PULLED_QUERIES = Math.ceil(PULLED_AUTHORS_BOUND / AUTHORS_PER_QUERY);

// ---- queries ----

/** The member's timeline entries, newest first (automatic single-field index). */
export function timelineEntriesQuery(uid: string): Query<TimelineEntry, TimelineEntry> {
  return query(timelineEntriesCollection(uid), orderBy('createdAt', 'desc'));
}

/**
 * The posts of some authors, newest first (the index `uid`, `createdAt` desc), from their cards
 * (docs/DATA_MODEL.md "Post cards") or, given `postsCollection()`, the posts themselves.
 */
export function authorsPostsQuery<P extends PostCard>(
  authors: readonly string[],
  posts: Query<P>,
): Query<P> {
  return query(posts, where('uid', 'in', [...authors]), orderBy('createdAt', 'desc'));
}

/**
 * The member alone (their list shows this tab's own writes before their cards have them), then the
 * pulled authors in groups of AUTHORS_PER_QUERY.
 */
export function authorGroups(viewerUid: string, pulled: readonly string[]): string[][] {
  const others = [...new Set(pulled.filter((uid) => uid !== viewerUid))];
  const groups: string[][] = [[viewerUid]];
  for (let start = 0; start < others.length; start += AUTHORS_PER_QUERY) {
    groups.push(others.slice(start, start + AUTHORS_PER_QUERY));
  }
  return groups.slice(0, 1 + PULLED_QUERIES);
}

// ---- merging ----

/** A time to order by: a post not yet stamped by the server (the member's own, pending) is newest. */
const millis = (at: Timestamp | null | undefined) =>
  typeof at?.toMillis === 'function' ? at.toMillis() : Number.POSITIVE_INFINITY;

/**
 * How far a paged list may be shown in time order beside the others: up to its last item read
 * while it has more (anything older may still come before another list's next item), all of it
 * once it is complete.
 */
function readUpTo<T>(pages: PagedQuery<T>, at: (item: WithId<T>) => number): number {
  const last = pages.items.at(-1);
  return pages.hasMore && last ? at(last) : Number.NEGATIVE_INFINITY;
}

const entryAt = (entry: WithId<TimelineEntry>) => millis(entry.createdAt);
const postAt = (post: WithId<PostCard>) => millis(post.createdAt);

/** One post of the merged feed and the time it is ordered by. */
interface Placed {
  post: WithId<PostCard>;
  at: number;
}

/** Newest first; the same time by id, so the order does not depend on which list read it. */
function newestFirst(a: Placed, b: Placed): number {
  if (a.at !== b.at) return b.at - a.at;
  return a.post.id < b.post.id ? 1 : a.post.id > b.post.id ? -1 : 0;
}

/**
 * The member's own posts, paged (none: nothing is read yet): their cards (their posts while they
 * have none), with this tab's own writes on top until the cards have them.
 */
function useOwnPosts(viewer: readonly string[] | undefined): PagedQuery<PostCard> {
  return useWithOwnWrites(useAuthorsCards(viewer));
}

/**
 * Some authors' post cards, paged, or their posts while the cards' query finds none at all (a
 * database the cards migration has not reached); none: nothing is read.
 */
function useAuthorsCards(authors: readonly string[] | undefined): PagedQuery<PostCard> {
  const key = authors?.join('/') ?? '';
  const cards = useMemo(
    () => (key === '' ? null : authorsPostsQuery(key.split('/'), postCardsCollection())),
    [key],
  );
  const posts = useMemo(
    () => (key === '' ? null : authorsPostsQuery(key.split('/'), postsCollection())),
    [key],
  );
  return useCardPages(cards, posts, FEED_PAGE_SIZE, 'postCards');
}

/**
 * The member's home feed, live, in pages: each page reads FEED_PAGE_SIZE timeline entries and
 * their cards, FEED_PAGE_SIZE of the member's cards and FEED_PAGE_SIZE of the pulled authors'
 * (one `in` query per 30 of them), merged newest first and without duplicates. The member's own new
 * post shows at once, offline too, from its post (ownPosts.ts).
 */
export function useTimelineFeed(viewerUid: string): PagedQuery<PostCard> {
  const timeline = useLiveDocument(useMemo(() => timelineRef(viewerUid), [viewerUid]));
  const known = timeline.status !== 'loading';
  const listed: unknown = timeline.status === 'ready' ? timeline.data.pulled : [];
  const pulledKey = Array.isArray(listed) ? listed.join('/') : '';
  const groups = useMemo(
    () => (known ? authorGroups(viewerUid, pulledKey === '' ? [] : pulledKey.split('/')) : []),
    [known, viewerUid, pulledKey],
  );
  // One hook per possible group (the member's and PULLED_QUERIES), so their number never changes
  // between renders.
  const byAuthors: Array<PagedQuery<PostCard>> = [
    useOwnPosts(groups[0]),
    useAuthorsCards(groups[1]),
    useAuthorsCards(groups[2]),
    useAuthorsCards(groups[3]),
    useAuthorsCards(groups[4]),
  ].slice(0, groups.length);
  const entriesBase = useMemo(() => timelineEntriesQuery(viewerUid), [viewerUid]);
  const entries = usePagedQuery(entriesBase, FEED_PAGE_SIZE);

  // An entry of an author read directly is that query's: its post is not read twice.
  const readDirectly = useMemo(() => new Set(groups.flat()), [groups]);
  const pushed = entries.items.filter((entry) => !readDirectly.has(entry.author));
  const [restarts, setRestarts] = useState(0);
  const entryPosts = useLivePosts(
    pushed.map((entry) => entry.id),
    restarts,
  );

  const lists: Array<PagedQuery<PostCard> | PagedQuery<TimelineEntry>> = [...byAuthors, entries];
  const shownUpTo = Math.max(
    readUpTo(entries, entryAt),
    ...byAuthors.map((pages) => readUpTo(pages, postAt)),
  );

  const placed: Placed[] = byAuthors.flatMap((pages) =>
    pages.items.map((post) => ({ post, at: postAt(post) })),
  );
  const waiting: number[] = [];
  let failed: FirestoreError | null = null;
  for (const entry of pushed) {
    const post = entryPosts[entry.id];
    if (!post || post.status === 'loading') waiting.push(entryAt(entry));
    else if (post.status === 'error') failed ??= post.error;
    // A deleted post is left out at once; its entry goes with the feed's function.
    else if (post.status === 'ready') {
      placed.push({ post: { ...post.data, id: entry.id }, at: entryAt(entry) });
    }
  }
  // Shown up to the newest entry whose post is still being read, so nothing moves in above.
  const cutOff = Math.max(shownUpTo, ...waiting.map((at) => at + 0.5));
  const seen = new Set<string>();
  const items = placed
    .filter((item) => item.at >= cutOff)
    .sort(newestFirst)
    .flatMap(({ post }) => {
      if (seen.has(post.id)) return [];
      seen.add(post.id);
      return [post];
    });

  const error =
    (timeline.status === 'error' ? timeline.error : null) ??
    lists.map((pages) => pages.error).find((e) => e !== null) ??
    failed;
  const loading =
    !known ||
    lists.some((pages) => pages.status === 'loading') ||
    (items.length === 0 && waiting.length > 0);

  // The lists are new objects each render: the stable callbacks read the latest ones.
  const latest = useRef({ entries, byAuthors, lists, shown: items.length });
  useEffect(() => {
    latest.current = { entries, byAuthors, lists, shown: items.length };
  });
  // The list whose read stops the merged list earliest reads its next page.
  const readBehind = useCallback(() => {
    const { entries: timelinePages, byAuthors: authorPages } = latest.current;
    const behind = [
      ...(timelinePages.hasMore && !timelinePages.loadingMore
        ? [{ pages: timelinePages, upTo: readUpTo(timelinePages, entryAt) }]
        : []),
      ...authorPages
        .filter((pages) => pages.hasMore && !pages.loadingMore)
        .map((pages) => ({ pages, upTo: readUpTo(pages, postAt) })),
    ];
    const limit = Math.max(...behind.map((list) => list.upTo));
    for (const { pages, upTo } of behind) if (upTo === limit) pages.loadMore();
  }, []);
  // A page shows FEED_PAGE_SIZE more posts: one list's read may show fewer, since another list now
  // stops the merge (the member's own entries, read as own posts, still bound the timeline's
  // list). Until the page is full, the list behind reads on once nothing is being read; the last
  // card stays the same, so its scrolling into view would not ask again.
  const wanted = useRef<number | null>(null);
  const loadMore = useCallback(() => {
    wanted.current = Math.max(wanted.current ?? 0, latest.current.shown + FEED_PAGE_SIZE);
    readBehind();
  }, [readBehind]);
  const hasMore = lists.some((pages) => pages.hasMore);
  const loadingMore = lists.some((pages) => pages.loadingMore);
  const loadMoreError = lists.map((pages) => pages.loadMoreError).find((e) => e !== null) ?? null;
  useEffect(() => {
    if (wanted.current === null) return;
    if (items.length >= wanted.current || !hasMore || loadMoreError || error) {
      wanted.current = null;
    } else if (!loadingMore && waiting.length === 0) {
      readBehind();
    }
  });
  const retry = useCallback(() => {
    setRestarts((count) => count + 1);
    for (const pages of latest.current.lists) pages.retry();
  }, []);

  const merged: PagedQuery<PostCard> = {
    items,
    status: error ? 'error' : loading ? 'loading' : 'ready',
    error,
    hasMore,
    loadingMore,
    loadMore,
    loadMoreError,
    retry,
    pendingIds: new Set(byAuthors.flatMap((pages) => [...(pages.pendingIds ?? [])])),
  };
  return merged;
}

/** The viewer's live home feed in pages of FEED_PAGE_SIZE, without suspended members' posts. */
export function useFeed(viewerUid: string): PagedQuery<PostCard> {
  return useWithoutSuspended(useTimelineFeed(viewerUid));
}
