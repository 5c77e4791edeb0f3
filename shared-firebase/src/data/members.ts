import { documentId, orderBy, query } from 'firebase/firestore';
import type { Query } from 'firebase/firestore';
import { useMemo } from 'react';
import { MEMBERS_PAGE_SIZE } from '../constants';
import { useLiveDocument } from '../hooks/useLiveDocument';
import type { LiveDocument } from '../hooks/useLiveDocument';
import { usePagedQuery } from '../hooks/usePagedQuery';
import type { PagedQuery } from '../hooks/usePagedQuery';
import type { UserData } from '../model';
import { userDataRef, usersDataCollection } from '../refs';

/**
 * Every member, in the reverse of the order in which reading the whole of `usersData` returns them.
 * A collection read comes back by document id ascending, so its reverse is document id descending:
 * paging this query yields exactly the reversed full list, page by page (see mfe-members/README.md).
 */
export function membersInReverseFetchOrder(): Query<UserData, UserData> {
  return query(usersDataCollection(), orderBy(documentId(), 'desc'));
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
