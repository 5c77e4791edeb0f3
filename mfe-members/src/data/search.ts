import { orderBy, query, where } from 'firebase/firestore';
import type { Query } from 'firebase/firestore';
import { useMemo } from 'react';
import {
  searchPrefixOf,
  searchRangeEnd,
  usePagedQuery,
  usersDataCollection,
} from 'shared-firebase';
import type { PagedQuery, UserData } from 'shared-firebase';
import { MEMBERS_PAGE_SIZE } from './members';
import { useShownMembers } from './shownMembers';

/** How long member search waits after the last keystroke before it queries. */
export const MEMBER_SEARCH_DEBOUNCE_MS = 250;

/**
 * Members whose user name starts with `prefix` (already a search prefix, see searchPrefixOf),
 * case-insensitively: a range over `searchName`, in its order. Firestore has no full-text search.
 */
export function memberSearchQuery(prefix: string): Query<UserData, UserData> {
  return query(
    usersDataCollection(),
    where('searchName', '>=', prefix),
    where('searchName', '<', searchRangeEnd(prefix)),
    orderBy('searchName'),
  );
}

/**
 * Live pages of the members whose name starts with what was typed, without those the viewer does
 * not see; `typed` blank searches nothing (null base: the caller shows the whole list instead).
 */
export function useMemberSearch(typed: string): PagedQuery<UserData> {
  const prefix = searchPrefixOf(typed);
  const base = useMemo(() => (prefix ? memberSearchQuery(prefix) : null), [prefix]);
  return useShownMembers(usePagedQuery(base, MEMBERS_PAGE_SIZE));
}
