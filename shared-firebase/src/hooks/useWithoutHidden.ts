import { useEffect, useMemo } from 'react';
import type { WithId } from '../model';
import type { PagedQuery } from './usePagedQuery';

/**
 * The pages without the documents `isHidden` leaves out (a suspended member's, a blocked
 * member's). When every document read so far is hidden, the next page is read at once, so a list
 * is never left empty while more remain behind it. `isHidden` must be stable while what it hides
 * is unchanged (memoise it), or the items are filtered again on every render. Until `known` (the
 * viewer's hidden members have been read, `useHiddenMembers().loaded`) the pages report loading
 * with no items: a hidden member's document never shows for a moment before it is left out.
 */
export function useWithoutHidden<T extends object>(
  pages: PagedQuery<T>,
  isHidden: (item: WithId<T>) => boolean,
  known = true,
): PagedQuery<T> {
  const items = useMemo(
    () => pages.items.filter((item) => !isHidden(item)),
    [pages.items, isHidden],
  );
  const onlyHidden = known && items.length === 0 && pages.items.length > 0;
  const { status, hasMore, loadingMore, loadMore, loadMoreError } = pages;
  useEffect(() => {
    if (onlyHidden && status === 'ready' && hasMore && !loadingMore && !loadMoreError) loadMore();
  }, [onlyHidden, status, hasMore, loadingMore, loadMoreError, loadMore]);
  if (!known) return { ...pages, items: [], status: status === 'error' ? 'error' : 'loading' };
  return items.length === pages.items.length ? pages : { ...pages, items };
}
