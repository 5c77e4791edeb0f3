import type { ReactNode } from 'react';
import { Button } from './Button';
import { EmptyState } from './EmptyState';
import { useNewestFirstPages } from './useNewestFirstPages';

export interface NewestFirstListProps<T> {
  /** The whole list, oldest first, as a document's array holds it (likes, followers). */
  items: readonly T[];
  /** How many show at first and per "Show more". */
  pageSize: number;
  /** Shown instead of the list when it has no entry. */
  emptyText: string;
  className?: string;
  /** The list's accessible name, when no heading or region around it names it. */
  label?: string;
  /** One `<li>` per item, with its key. */
  children: (item: T) => ReactNode;
}

/**
 * A live in-memory list shown newest first, a page at a time, with "Show more" while there is
 * more: who liked a post, a member's followers.
 */
export function NewestFirstList<T>({
  items,
  pageSize,
  emptyText,
  className,
  label,
  children,
}: NewestFirstListProps<T>) {
  const { shown, hasMore, showMore } = useNewestFirstPages(items, pageSize);
  if (shown.length === 0) return <EmptyState>{emptyText}</EmptyState>;
  return (
    <>
      <ul className={className} aria-label={label}>
        {shown.map((item) => children(item))}
      </ul>
      {hasMore ? (
        <Button variant="secondary" onClick={showMore}>
          Show more
        </Button>
      ) : null}
    </>
  );
}
