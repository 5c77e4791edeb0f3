import { useCallback } from 'react';
import { hiddenBySuspension } from '../data/suspension';
import type { PagedQuery } from './usePagedQuery';
import { useWithoutHidden } from './useWithoutHidden';

/**
 * The pages without a suspended member's documents (hidden from everyone else), and without those
 * `alsoHidden` names (a reader's own reason, such as a block: keep it stable, `useCallback`). A
 * page that held only hidden documents reads the next one at once, so a list is never left empty
 * while more remain behind it. Until `known` (`useHiddenMembers().loaded`, when `alsoHidden` is a
 * block) the pages report loading, so none of those documents shows before it is left out.
 */
export function useWithoutSuspended<T extends object>(
  pages: PagedQuery<T>,
  alsoHidden?: (item: PagedQuery<T>['items'][number]) => boolean,
  known = true,
): PagedQuery<T> {
  const isHidden = useCallback(
    (item: PagedQuery<T>['items'][number]) =>
      hiddenBySuspension(item) || (alsoHidden?.(item) ?? false),
    [alsoHidden],
  );
  return useWithoutHidden(pages, isHidden, known);
}
