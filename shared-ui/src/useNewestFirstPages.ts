import { useCallback, useState } from 'react';

/** A page of an in-memory list: what is shown so far, whether more exists, and `showMore`. */
export interface NewestFirstPages<T> {
  shown: T[];
  hasMore: boolean;
  showMore: () => void;
}

/**
 * Shows a list that is already in memory (a document's array: likes, followers) `pageSize` items
 * at a time, newest first: the arrays are appended to, so the newest entry is the last one.
 * The list stays live: entries added or removed show at once, and the pages already shown stay.
 */
export function useNewestFirstPages<T>(list: readonly T[], pageSize: number): NewestFirstPages<T> {
  const [pages, setPages] = useState(1);
  const newestFirst = [...list].reverse();
  const shown = newestFirst.slice(0, pages * pageSize);
  const showMore = useCallback(() => setPages((count) => count + 1), []);
  return { shown, hasMore: shown.length < newestFirst.length, showMore };
}
