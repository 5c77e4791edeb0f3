import { orderBy, query } from 'firebase/firestore';
import type { Query } from 'firebase/firestore';
import { useMemo } from 'react';
import { MEMBERS_PAGE_SIZE } from '../constants';
import { useLiveDocument } from '../hooks/useLiveDocument';
import type { LiveDocument } from '../hooks/useLiveDocument';
import { usePagedQuery } from '../hooks/usePagedQuery';
import type { PagedQuery } from '../hooks/usePagedQuery';
import type { UserData } from '../model';
import { userDataRef, usersDataCollection } from '../refs';

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

/** The member list: live pages of MEMBERS_PAGE_SIZE members; `loadMore` reads the next. */
export function useMembers(): PagedQuery<UserData> {
  const base = useMemo(membersInReverseFetchOrder, []);
  return usePagedQuery(base, MEMBERS_PAGE_SIZE);
}

/**
 * A member's `usersData` document, live: their name, picture and profile wherever they are shown.
 * `uid` null subscribes to nothing.
 */
export function useMember(uid: string | null): LiveDocument<UserData> {
  const ref = useMemo(() => (uid ? userDataRef(uid) : null), [uid]);
  return useLiveDocument(ref);
}
