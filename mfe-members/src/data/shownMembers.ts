import { useCallback } from 'react';
import { isBlockedEitherWay, useHiddenMembers, useWithoutSuspended } from 'shared-firebase';
import type { PagedQuery, MemberCard, WithId } from 'shared-firebase';

/**
 * Member pages (the list, a search's results) without the members the viewer does not see:
 * suspended, or blocked either way. A page of only those reads the next at once, so the list
 * never says "no members" while more remain; until the viewer's blocks are known it is loading.
 */
export function useShownMembers(pages: PagedQuery<MemberCard>): PagedQuery<MemberCard> {
  const hidden = useHiddenMembers();
  const blocked = useCallback(
    (member: WithId<MemberCard>) => isBlockedEitherWay(hidden, member.id),
    [hidden],
  );
  return useWithoutSuspended(pages, blocked, hidden.loaded);
}
