import type { ReactNode } from 'react';
import { EmptyState } from './EmptyState';
import { LoadFailure } from './LoadFailure';
import { Spinner } from './Spinner';
import { useOnVisible } from './useOnVisible';

/** A list read page by page (shared-firebase's `PagedQuery` has this shape). */
export interface PagedItems<T> {
  items: ReadonlyArray<T & { id: string }>;
  status: 'loading' | 'ready' | 'error';
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
  loadMoreError: unknown;
  retry: () => void;
}

/** What an infinite list says while it loads, when a read fails, and when it is empty. */
export interface InfiniteListText {
  loading: string;
  failed: string;
  loadingMore: string;
  moreFailed: string;
  empty: ReactNode;
}

export interface InfiniteListProps<T> {
  list: PagedItems<T>;
  text: InfiniteListText;
  /** The list's accessible name. */
  label: string;
  className: string;
  itemClassName: string;
  children: (item: T & { id: string }, index: number) => ReactNode;
}

/**
 * A live list read page by page. Its last item is the infinite-scroll trigger: when it scrolls into
 * view the next page is read, and a freshly loaded page brings a new last item, which is observed
 * afresh, so a page that still leaves the end on screen reads the next one too. A failed read shows
 * a Retry; a failed later page keeps the items shown.
 */
export function InfiniteList<T>({
  list,
  text,
  label,
  className,
  itemClassName,
  children,
}: InfiniteListProps<T>) {
  const { items, status, hasMore, loadingMore, loadMore, loadMoreError, retry } = list;
  const lastItemRef = useOnVisible<HTMLLIElement>(loadMore);

  if (status === 'loading') return <Spinner label={text.loading} />;
  if (status === 'error') return <LoadFailure message={text.failed} onRetry={retry} />;
  if (items.length === 0) {
    if (!hasMore) return <EmptyState>{text.empty}</EmptyState>;
    // Every item read so far is one this viewer does not see, and the next page is on its way.
    if (loadMoreError) return <LoadFailure message={text.moreFailed} onRetry={retry} />;
    return <Spinner label={text.loading} />;
  }

  return (
    <>
      <ul className={className} aria-label={label}>
        {items.map((item, index) => (
          <li
            key={item.id}
            className={itemClassName}
            ref={hasMore && index === items.length - 1 ? lastItemRef : undefined}
          >
            {children(item, index)}
          </li>
        ))}
      </ul>
      {loadingMore ? <Spinner label={text.loadingMore} /> : null}
      {loadMoreError ? <LoadFailure message={text.moreFailed} onRetry={retry} /> : null}
    </>
  );
}
