// The member's own `usersData` writes that their card may not show yet: the profile's function
// copies the document into the card after each write (docs/DATA_MODEL.md "Member cards"), while the
// member expects their own profile to show an edit or a post of theirs at once. Every team that
// writes the member's `usersData` notes it here (shared-firebase is one instance for the page).
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { memberCardFields } from '../cards/cardFields';
import { sameValue } from '../cards/sameValue';
import type { LiveDocument } from '../hooks/useLiveDocument';
import type { MemberCard } from '../model';
import { useMember, useMemberDocument } from './useMember';

/** How many writes this page noted, and how many of them the card is known to hold. */
interface Writes {
  noted: number;
  settled: number;
}

let writes: Writes = { noted: 0, settled: 0 };
const subscribers = new Set<() => void>();

function change(next: Writes): void {
  writes = next;
  for (const subscriber of subscribers) subscriber();
}

/** This page changed the member's own `usersData` (its local write is applied). */
export function noteOwnMemberWrite(): void {
  change({ ...writes, noted: writes.noted + 1 });
}

function subscribe(subscriber: () => void): () => void {
  subscribers.add(subscriber);
  return () => subscribers.delete(subscriber);
}

const current = () => writes;

/**
 * The member's own card, live, as their own pages show it: while a write of this page may not be
 * in the card yet, their `usersData` as this page sees it (read only then, lists and all), so an
 * edit or a new post's count shows at once. Where that document is not known (offline, never read),
 * the card. `uid` null subscribes to nothing.
 */
export function useOwnMember(uid: string | null): LiveDocument<MemberCard> {
  const card = useMember(uid);
  const { noted, settled } = useSyncExternalStore(subscribe, current, current);
  const unsettled = noted > settled;
  const member = useMemberDocument(unsettled ? uid : null);
  const caughtUp = useMemo(
    () =>
      card.status === 'ready' &&
      member.status === 'ready' &&
      sameValue(memberCardFields({ ...member.data }), { ...card.data }),
    [card, member],
  );
  useEffect(() => {
    // Up to the writes this render compared: a later one is compared again.
    if (unsettled && caughtUp) change({ ...writes, settled: Math.max(writes.settled, noted) });
  }, [unsettled, caughtUp, noted]);
  return unsettled && member.status === 'ready' && !caughtUp ? member : card;
}
