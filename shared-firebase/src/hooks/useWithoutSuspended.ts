import { hiddenBySuspension } from '../data/suspension';
import type { PagedQuery } from './usePagedQuery';
import { useWithoutHidden } from './useWithoutHidden';

/**
 * The pages without a suspended member's documents (hidden from everyone else). A page that held
 * only such documents reads the next one at once, so a list is never left empty while more
 * remain behind it.
 */
export function useWithoutSuspended<T extends object>(pages: PagedQuery<T>): PagedQuery<T> {
  return useWithoutHidden(pages, hiddenBySuspension);
}
