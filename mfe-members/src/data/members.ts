import { orderBy, query } from 'firebase/firestore';
import type { Query } from 'firebase/firestore';
import { useMemo } from 'react';
import { memberCardsCollection, useCardPages, usersDataCollection } from 'shared-firebase';
import type { MemberCard, PagedQuery } from 'shared-firebase';
import { useShownMembers } from './shownMembers';

/** Members per page of the member list and of the search results. */
export const MEMBERS_PAGE_SIZE = 20;

/** The field the member list is fetched by; every `usersData` document has it (firestore.rules). */
export const MEMBERS_ORDER_FIELD = 'userInfo.userName';

/**
 * Every member, in the reverse of the order in which the list is fetched: fetched by user name (then
 * uid, Firestore's implicit tie-break), shown by user name descending (then uid descending). Paging
 * this query yields exactly that reversed list, page by page. Not `orderBy(documentId(), 'desc')`:
 * Google's Firestore emulator refuses descending key scans (see mfe-members/README.md). Over the
 * member cards (`usersData` without its lists, docs/DATA_MODEL.md "Member cards"), or `usersData`
 * itself for a database without cards yet.
 */
export function membersInReverseFetchOrder(
  members: Query<MemberCard> = memberCardsCollection(),
): Query<MemberCard> {
  return query(members, orderBy(MEMBERS_ORDER_FIELD, 'desc'));
}

/**
 * The member list: live pages of MEMBERS_PAGE_SIZE member cards (of `usersData` while no card
 * exists yet), without those the viewer does not see; `loadMore` reads the next.
 */
export function useMembers(): PagedQuery<MemberCard> {
  const cards = useMemo(() => membersInReverseFetchOrder(), []);
  const seed = useMemo(() => membersInReverseFetchOrder(usersDataCollection()), []);
  return useShownMembers(useCardPages(cards, seed, MEMBERS_PAGE_SIZE, 'memberCards'));
}
