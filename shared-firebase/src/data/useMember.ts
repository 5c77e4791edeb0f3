import { useMemo } from 'react';
import { useLiveCard } from '../hooks/useCards';
import { useLiveDocument } from '../hooks/useLiveDocument';
import type { LiveDocument } from '../hooks/useLiveDocument';
import type { MemberCard, UserData } from '../model';
import { memberCardRef, userDataRef } from '../refs';

/**
 * A member's card, live: their name, picture, counts and profile wherever a member is shown
 * (every team shows members, so the read is part of the contract), without the lists of
 * `usersData` (docs/DATA_MODEL.md "Member cards"); their `usersData` while the card does not exist
 * yet. It follows the member's own edits a moment later, once the profile's function copied them.
 * `uid` null subscribes to nothing.
 */
export function useMember(uid: string | null): LiveDocument<MemberCard> {
  const card = useMemo(() => (uid ? memberCardRef(uid) : null), [uid]);
  const seed = useMemo(() => (uid ? userDataRef(uid) : null), [uid]);
  return useLiveCard(card, seed);
}

/**
 * A member's whole `usersData`, live, with its lists: for the member's own pages, where their own
 * edit or new post shows at once (from the SDK's local write). `uid` null subscribes to nothing.
 */
export function useMemberDocument(uid: string | null): LiveDocument<UserData> {
  const ref = useMemo(() => (uid ? userDataRef(uid) : null), [uid]);
  return useLiveDocument(ref);
}
