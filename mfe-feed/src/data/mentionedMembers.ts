import { useMember } from 'shared-firebase';
import type { MentionedMember } from 'shared-ui';

/** The members a stored text mentions, and whether every one of them has been read. */
export interface MentionedMembersState {
  members: MentionedMember[];
  /** No member of the list is still loading (a gone one counts as read). */
  loaded: boolean;
}

/**
 * The members a text's stored `mentions` names, with their names now (live). A member still
 * loading or gone is left out of `members`. At most five are read (MAX_STORED_MENTIONS: texts
 * written before today's bound hold that many): hooks are called the same number of times on
 * every render.
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
