import { useEffect, useMemo } from 'react';
import { hiddenBySuspension } from '../data/suspension';
import type { PagedQuery } from './usePagedQuery';

/**
 * The pages without a suspended member's documents (hidden from everyone else), and without those
 * `alsoHidden` names (a reader's own reason, such as a block: keep it stable, `useCallback`). A
 * page that held only hidden documents reads the next one at once, so a list is never left empty
 * while more remain behind it.
 */
export function useWithoutSuspended<T extends object>(
  pages: PagedQuery<T>,
  alsoHidden?: (item: PagedQuery<T>['items'][number]) => boolean,
): PagedQuery<T> {
  const items = useMemo(
    () => pages.items.filter((item) => !hiddenBySuspension(item) && !alsoHidden?.(item)),
    [pages.items, alsoHidden],
  );
  const onlyHidden = items.length === 0 && pages.items.length > 0;
  const { status, hasMore, loadingMore, loadMore } = pages;
  useEffect(() => {
    if (onlyHidden && status === 'ready' && hasMore && !loadingMore) loadMore();
  }, [onlyHidden, status, hasMore, loadingMore, loadMore]);
  return items.length === pages.items.length ? pages : { ...pages, items };
}
