import { getDocs, limit, orderBy, query, startAfter, where } from 'firebase/firestore';
import type { Query, QueryDocumentSnapshot } from 'firebase/firestore';
import { useCallback } from 'react';
import {
  isMemberHidden,
  memberCardsCollection,
  profilePictureSources,
  searchPrefixOf,
  searchRangeEnd,
  useHiddenMembers,
  usersDataCollection,
} from 'shared-firebase';
import type { HiddenMembers, MemberCard } from 'shared-firebase';
import type { MentionOption } from 'shared-ui';

/** How many members the @-suggestions offer at most. */
export const MENTION_SUGGESTIONS = 6;

/**
 * How many pages one search reads at most while the members it finds are hidden: a bound on the
 * reads of one pause in typing. Members hidden from one viewer are few, so it is almost never met.
 */
const MAX_SEARCH_PAGES = 5;

/**
 * The members whose name starts with `typed` (what follows the `@`), for the @-suggestions: the
 * member search's range over `searchName` (docs/DATA_MODEL.md "Member search"), read
 * once per pause in typing, at most MENTION_SUGGESTIONS, without the members the viewer does not
 * see (`hidden`; blocked either way, suspended). A page that held hidden members is followed by
 * the next, so hidden names never crowd out the ones offered. Blank asks nothing.
 */
export async function findMembersByName(
  typed: string,
  hidden: HiddenMembers,
): Promise<MentionOption[]> {
  const prefix = searchPrefixOf(typed);
  if (!prefix) return [];
  // The member cards (docs/DATA_MODEL.md "Member cards"); `usersData` when no card matches at
  // all (a database without cards yet).
  const found = await offeredIn(memberCardsCollection(), prefix, hidden);
  return found.read > 0
    ? found.offered
    : (await offeredIn(usersDataCollection(), prefix, hidden)).offered;
}

/** The suggestions one collection of members gives for `prefix`, and how many it read. */
async function offeredIn(
  members: Query<MemberCard>,
  prefix: string,
  hidden: HiddenMembers,
): Promise<{ offered: MentionOption[]; read: number }> {
  const range = [
    where('searchName', '>=', prefix),
    where('searchName', '<', searchRangeEnd(prefix)),
    orderBy('searchName'),
  ];
  const offered: MentionOption[] = [];
  let read = 0;
  let last: QueryDocumentSnapshot<MemberCard> | undefined;
  for (let page = 0; page < MAX_SEARCH_PAGES; page++) {
    const found = await getDocs(
      query(members, ...range, ...(last ? [startAfter(last)] : []), limit(MENTION_SUGGESTIONS)),
    );
    read += found.size;
    for (const member of found.docs) {
      const data = member.data();
      if (isMemberHidden(hidden, member.id, data)) continue;
      offered.push({
        uid: member.id,
        name: data.userInfo.userName,
        picture: profilePictureSources(data.profilePictures),
      });
    }
    if (offered.length >= MENTION_SUGGESTIONS || found.size < MENTION_SUGGESTIONS) break;
    last = found.docs[found.docs.length - 1];
  }
  return { offered: offered.slice(0, MENTION_SUGGESTIONS), read };
}

/** A search that is never answered. */
const UNANSWERED: Promise<MentionOption[]> = new Promise(() => undefined);

/**
 * The @-suggestions' search for the signed-in member (findMembersByName with whom they do not
 * see), the same function until a block changes or the blocks are first known: the fields re-ask
 * only then.
 */
export function useFindMembersByName(): (typed: string) => Promise<MentionOption[]> {
  const hidden = useHiddenMembers();
  // Until the viewer's blocks are known a search could offer a blocked member: it stays
  // unanswered (the field offers nothing yet), and the field asks again once the function changes.
  return useCallback(
    (typed: string) => (hidden.loaded ? findMembersByName(typed, hidden) : UNANSWERED),
    [hidden],
  );
}
