import { endAt, getDocs, limit, onSnapshot, query, startAfter } from 'firebase/firestore';
import type { FirestoreError, Query, QueryDocumentSnapshot } from 'firebase/firestore';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { WithId } from '../model';

/**
 * One page of a paged list. `start` (exclusive) and `end` (inclusive) are fixed when the page is
 * first read; from then on the page is a live range query between them, so a document inserted or
 * removed anywhere shows up in exactly one page and the pages never overlap or leave gaps.
 * `end === null` marks the last page once the list is complete: it stays open towards the end.
 */
interface Page<T> {
  start: QueryDocumentSnapshot<T> | null;
  end: QueryDocumentSnapshot<T> | null;
  docs: Array<QueryDocumentSnapshot<T>>;
  /** The base query the page was read for (see `generation` in the hook). */
  generation: number;
}

/** Live pages of a query: the items so far, whether more exist, and `loadMore` to read them. */
export interface PagedQuery<T> {
  items: Array<WithId<T>>;
  status: 'loading' | 'ready' | 'error';
  error: FirestoreError | null;
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
  /**
   * A later page's read failed: the pages already shown stay (status stays 'ready') and `loadMore`
   * waits for `retry`.
   */
  loadMoreError: FirestoreError | null;
  /**
   * Tries again without a reload: the failed later page, or, after a failure of the first page or
   * of a live page, the whole list from the start. Called by itself too when the browser comes
   * back online after a failure.
   */
  retry: () => void;
  /**
   * Ids of items with local writes Firestore has queued but the server has not confirmed yet
   * (`hasPendingWrites`): offline, they wait until the connection returns.
   */
  pendingIds?: ReadonlySet<string>;
}

/** What a read the server did not answer is reported as (Firestore's own code for it). */
function unavailable(): FirestoreError {
  return Object.assign(new Error('The server could not be reached.'), {
    code: 'unavailable',
    name: 'FirebaseError',
  }) as FirestoreError;
}

function pageQuery<T>(base: Query<T>, page: Pick<Page<T>, 'start' | 'end'>): Query<T> {
  const constraints = [];
  if (page.start) constraints.push(startAfter(page.start));
  if (page.end) constraints.push(endAt(page.end));
  return query(base, ...constraints);
}

/**
 * A live list read in pages of `pageSize` with a cursor after the last item. `base` must carry the
 * filters and orderBy and be stable (memoise it on its inputs).
 */
export function usePagedQuery<T>(base: Query<T> | null, pageSize: number): PagedQuery<T> {
  const [pages, setPages] = useState<Array<Page<T>>>([]);
  const [hasMore, setHasMore] = useState(true);
  const [loadingMore, setLoadingMore] = useState(false);
  const [error, setError] = useState<FirestoreError | null>(null);
  const [loadMoreError, setLoadMoreError] = useState<FirestoreError | null>(null);
  const [restarts, setRestarts] = useState(0);
  const generation = useRef(0);
  const inFlight = useRef(false);
  const subscriptions = useRef<Array<() => void>>([]);

  const fetchNextPage = useCallback(
    async (start: QueryDocumentSnapshot<T> | null) => {
      if (!base || inFlight.current) return;
      inFlight.current = true;
      const myGeneration = generation.current;
      setLoadingMore(true);
      try {
        const constraints = start ? [startAfter(start), limit(pageSize)] : [limit(pageSize)];
        const snapshot = await getDocs(query(base, ...constraints));
        if (myGeneration !== generation.current) return;
        // Offline, getDocs answers from the local cache (often nothing) instead of failing: that
        // is not the list, so it is reported as unavailable and Retry reads again.
        if (snapshot.metadata.fromCache) throw unavailable();
        const complete = snapshot.docs.length < pageSize;
        const end = complete ? null : (snapshot.docs[snapshot.docs.length - 1] ?? null);
        setHasMore(!complete);
        setPages((current) => [
          ...current,
          { start, end, docs: snapshot.docs, generation: myGeneration },
        ]);
      } catch (caught) {
        if (myGeneration !== generation.current) return;
        // A later page's failure keeps the pages shown; only the first page's is the list's.
        if (start) setLoadMoreError(caught as FirestoreError);
        else setError(caught as FirestoreError);
      } finally {
        if (myGeneration === generation.current) {
          inFlight.current = false;
          setLoadingMore(false);
        }
      }
    },
    [base, pageSize],
  );

  // A new base query starts the list again.
  useEffect(() => {
    generation.current += 1;
    inFlight.current = false;
    setPages([]);
    setHasMore(true);
    setError(null);
    setLoadMoreError(null);
    void fetchNextPage(null);
    return () => {
      generation.current += 1;
      for (const unsubscribe of subscriptions.current) unsubscribe();
      subscriptions.current = [];
    };
  }, [fetchNextPage, restarts]);

  // Each page read gets its live range listener, once.
  useEffect(() => {
    if (!base) return;
    const myGeneration = generation.current;
    // In the render where `base` changed, `pages` still holds the old query's pages: listening to
    // them would attach stale ranges to the new list and skip listeners for its first pages.
    if (pages[0] && pages[0].generation !== myGeneration) return;
    for (let index = subscriptions.current.length; index < pages.length; index += 1) {
      const page = pages[index]!;
      subscriptions.current.push(
        onSnapshot(
          pageQuery(base, page),
          // Metadata changes too, so an item's pending mark clears when the server confirms it.
          { includeMetadataChanges: true },
          (snapshot) => {
            if (myGeneration !== generation.current) return;
            setPages((current) =>
              current.map((existing, i) =>
                i === index ? { ...existing, docs: snapshot.docs } : existing,
              ),
            );
          },
          (caught) => {
            if (myGeneration === generation.current) setError(caught);
          },
        ),
      );
    }
  }, [base, pages]);

  const loadMore = useCallback(() => {
    const last = pages[pages.length - 1];
    if (!hasMore || !last || inFlight.current || loadMoreError) return;
    void fetchNextPage(last.end);
  }, [pages, hasMore, fetchNextPage, loadMoreError]);

  const retry = useCallback(() => {
    const last = pages[pages.length - 1];
    if (error || !last) {
      setRestarts((count) => count + 1);
      return;
    }
    if (!loadMoreError) return;
    setLoadMoreError(null);
    void fetchNextPage(last.end);
  }, [pages, error, loadMoreError, fetchNextPage]);

  // A read that failed (offline, most often) is tried again when the browser is back online, as
  // the live listeners resume by themselves.
  useEffect(() => {
    if (!error && !loadMoreError) return undefined;
    addEventListener('online', retry);
    return () => removeEventListener('online', retry);
  }, [error, loadMoreError, retry]);

  const items = pages.flatMap((page) =>
    page.docs.map((doc) => ({ ...doc.data({ serverTimestamps: 'estimate' }), id: doc.id })),
  );
  const pendingIds = new Set(
    pages.flatMap((page) =>
      page.docs.filter((doc) => doc.metadata.hasPendingWrites).map((doc) => doc.id),
    ),
  );
  const status = error ? 'error' : pages.length === 0 ? 'loading' : 'ready';
  return {
    items,
    pendingIds,
    status,
    error,
    hasMore,
    loadingMore: loadingMore && pages.length > 0,
    loadMore,
    loadMoreError,
    retry,
  };
}
