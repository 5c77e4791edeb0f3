import { getDocs, limit, orderBy, query, where } from 'firebase/firestore';
import {
  profilePictureSources,
  searchPrefixOf,
  searchRangeEnd,
  useMember,
  usersDataCollection,
} from 'shared-firebase';
import type { MentionedMember, MentionOption } from 'shared-ui';

/** How many members the @-suggestions offer at most. */
export const MENTION_SUGGESTIONS = 6;

/**
 * The members whose name starts with `typed` (what follows the `@`), for the @-suggestions: the
 * member search's range over `usersData.searchName` (docs/DATA_MODEL.md "Member search"), read
 * once per pause in typing, at most MENTION_SUGGESTIONS. Blank asks nothing.
 */
export async function findMembersByName(typed: string): Promise<MentionOption[]> {
  const prefix = searchPrefixOf(typed);
  if (!prefix) return [];
  const found = await getDocs(
    query(
      usersDataCollection(),
      where('searchName', '>=', prefix),
      where('searchName', '<', searchRangeEnd(prefix)),
      orderBy('searchName'),
      limit(MENTION_SUGGESTIONS),
    ),
  );
  return found.docs.map((member) => {
    const data = member.data();
    return {
      uid: member.id,
      name: data.userInfo.userName,
      picture: profilePictureSources(data.profilePictures),
    };
  });
}

/** The members a stored text mentions, and whether every one of them has been read. */
export interface MentionedMembersState {
  members: MentionedMember[];
  /** No member of the list is still loading (a gone one counts as read). */
  loaded: boolean;
}

/**
 * The members a text's stored `mentions` names, with their names now (live). A member still
 * loading or gone is left out of `members`. At most five are read (MAX_MENTIONS, the rules'
 * bound): hooks are called the same number of times on every render.
 */
export function useMentionedMembersState(
  uids: readonly string[] | undefined,
): MentionedMembersState {
  const list = uids ?? [];
  const members = [
    useMember(list[0] ?? null),
    useMember(list[1] ?? null),
    useMember(list[2] ?? null),
    useMember(list[3] ?? null),
    useMember(list[4] ?? null),
  ];
  return {
    members: members.flatMap((member, index) =>
      member.status === 'ready' ? [{ uid: list[index]!, name: member.data.userInfo.userName }] : [],
    ),
    loaded: members.every((member, index) => index >= list.length || member.status !== 'loading'),
  };
}

/** The mentioned members as UserText links them (see useMentionedMembersState). */
export function useMentionedMembers(uids: readonly string[] | undefined): MentionedMember[] {
  return useMentionedMembersState(uids).members;
}
