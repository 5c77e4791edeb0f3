import { useEffect, useMemo } from 'react';
import { hiddenBySuspension } from '../data/suspension';
import type { PagedQuery } from './usePagedQuery';

/**
 * The pages without a suspended member's documents (hidden from everyone else). A page that held
 * only such documents reads the next one at once, so a list is never left empty while more
 * remain behind it.
 */
export function useWithoutSuspended<T extends object>(pages: PagedQuery<T>): PagedQuery<T> {
  const items = useMemo(
    () => pages.items.filter((item) => !hiddenBySuspension(item)),
    [pages.items],
  );
  const onlyHidden = items.length === 0 && pages.items.length > 0;
  const { status, hasMore, loadingMore, loadMore } = pages;
  useEffect(() => {
    if (onlyHidden && status === 'ready' && hasMore && !loadingMore) loadMore();
  }, [onlyHidden, status, hasMore, loadingMore, loadMore]);
  return items.length === pages.items.length ? pages : { ...pages, items };
}
