import { useCallback, useState } from 'react';
import type { PagedQuery } from '../hooks/usePagedQuery';
import type { WithId } from '../model';

/**
 * A stand-in for shared-firebase's usePagedQuery over a fixed list: the first `pageSize` items,
 * then `pageSize` more on each `loadMore`, until the list is complete. It counts the reads so a
 * test can see when the page asked for more.
 */
export function useFakePagedQuery<T>(
  all: Array<WithId<T>>,
  pageSize: number,
  onLoadMore: () => void = () => undefined,
): PagedQuery<T> {
  const [shown, setShown] = useState(pageSize);
  const hasMore = shown < all.length;
  const loadMore = useCallback(() => {
    if (!hasMore) return;
    onLoadMore();
    setShown((current) => current + pageSize);
  }, [hasMore, onLoadMore, pageSize]);
  return {
    items: all.slice(0, shown),
    status: 'ready',
    error: null,
    hasMore,
    loadingMore: false,
    loadMore,
    loadMoreError: null,
    retry: () => undefined,
  };
}

export function staticPagedQuery<T>(
  items: Array<WithId<T>>,
  overrides: Partial<PagedQuery<T>> = {},
): PagedQuery<T> {
  return {
    items,
    status: 'ready',
    error: null,
    hasMore: false,
    loadingMore: false,
    loadMore: () => undefined,
    loadMoreError: null,
    retry: () => undefined,
    ...overrides,
  };
}
