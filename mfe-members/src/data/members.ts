import { orderBy, query } from 'firebase/firestore';
import type { Query } from 'firebase/firestore';
import { useMemo } from 'react';
import { usePagedQuery, usersDataCollection } from 'shared-firebase';
import type { PagedQuery, UserData } from 'shared-firebase';
import { useShownMembers } from './shownMembers';

/** Members per page of the member list and of the search results. */
export const MEMBERS_PAGE_SIZE = 20;

/** The field the member list is fetched by; every `usersData` document has it (firestore.rules). */
export const MEMBERS_ORDER_FIELD = 'userInfo.userName';

/**
 * Every member, in the reverse of the order in which the list is fetched: fetched by user name (then
 * uid, Firestore's implicit tie-break), shown by user name descending (then uid descending). Paging
 * this query yields exactly that reversed list, page by page. Not `orderBy(documentId(), 'desc')`:
 * Google's Firestore emulator refuses descending key scans (see mfe-members/README.md).
 */
export function membersInReverseFetchOrder(): Query<UserData, UserData> {
  return query(usersDataCollection(), orderBy(MEMBERS_ORDER_FIELD, 'desc'));
}

/**
 * The member list: live pages of MEMBERS_PAGE_SIZE members, without those the viewer does not see;
 * `loadMore` reads the next.
 */
export function useMembers(): PagedQuery<UserData> {
  const base = useMemo(membersInReverseFetchOrder, []);
  return useShownMembers(usePagedQuery(base, MEMBERS_PAGE_SIZE));
}
