import { orderBy, query, where } from 'firebase/firestore';
import type { Query } from 'firebase/firestore';
import { useMemo } from 'react';
import {
  memberCardsCollection,
  searchPrefixOf,
  searchRangeEnd,
  useCardPages,
  usersDataCollection,
} from 'shared-firebase';
import type { MemberCard, PagedQuery } from 'shared-firebase';
import { MEMBERS_PAGE_SIZE } from './members';
import { useShownMembers } from './shownMembers';

/** How long member search waits after the last keystroke before it queries. */
export const MEMBER_SEARCH_DEBOUNCE_MS = 250;

/**
 * Members whose user name starts with `prefix` (already a search prefix, see searchPrefixOf),
 * case-insensitively: a range over `searchName`, in its order. Firestore has no full-text search.
 * Over the member cards, or `usersData` itself (see membersInReverseFetchOrder).
 */
export function memberSearchQuery(
  prefix: string,
  members: Query<MemberCard> = memberCardsCollection(),
): Query<MemberCard> {
  return query(
    members,
    where('searchName', '>=', prefix),
    where('searchName', '<', searchRangeEnd(prefix)),
    orderBy('searchName'),
  );
}

/**
 * Live pages of the members whose name starts with what was typed, without those the viewer does
 * not see; `typed` blank searches nothing (null base: the caller shows the whole list instead).
 * No card found reads `usersData` (a database without cards yet).
 */
export function useMemberSearch(typed: string): PagedQuery<MemberCard> {
  const prefix = searchPrefixOf(typed);
  const cards = useMemo(() => (prefix ? memberSearchQuery(prefix) : null), [prefix]);
  const seed = useMemo(
    () => (prefix ? memberSearchQuery(prefix, usersDataCollection()) : null),
    [prefix],
  );
  return useShownMembers(useCardPages(cards, seed, MEMBERS_PAGE_SIZE, 'memberCards'));
}
