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

/** One noted write: its number, and the fields it set by their dotted paths (where given). */
interface NotedWrite {
  n: number;
  set: Readonly<Record<string, unknown>>;
}

/** How many writes this page noted, how many of them the card is known to hold, and the others. */
interface Writes {
  noted: number;
  settled: number;
  pending: readonly NotedWrite[];
}

let writes: Writes = { noted: 0, settled: 0, pending: [] };
const subscribers = new Set<() => void>();

function change(next: Writes): void {
  writes = next;
  for (const subscriber of subscribers) subscriber();
}

/**
 * This page changed the member's own `usersData` (its local write is applied). `set`: the plain
 * values the write gave, by their dotted paths (`{ 'userInfo.userAbout': 'Hi' }`), which the own
 * pages show on the card while the document is not known (offline, never read); a write that
 * changes a list (a post) gives none.
 */
export function noteOwnMemberWrite(set: Readonly<Record<string, unknown>> = {}): void {
  const n = writes.noted + 1;
  change({ ...writes, noted: n, pending: [...writes.pending, { n, set }] });
}

function settle(upTo: number): void {
  const settled = Math.max(writes.settled, upTo);
  change({ ...writes, settled, pending: writes.pending.filter((write) => write.n > settled) });
}

/**
 * The card with the values of this page's unsettled writes, oldest first. The member's dotted
 * paths have two levels at most (`userInfo.userAbout`, `profilePictures.profileCover`).
 */
function withWrites(card: MemberCard, noted: readonly NotedWrite[]): MemberCard {
  // A copy, and a copy of each map before it changes: the card itself stays as read.
  const shown: Record<string, unknown> = { ...card };
  for (const { set } of noted) {
    for (const [path, value] of Object.entries(set)) {
      const [top = path, inner] = path.split('.');
      shown[top] = inner === undefined ? value : { ...(shown[top] as object), [inner]: value };
    }
  }
  return shown as unknown as MemberCard;
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
 * the card with the values those writes set. `uid` null subscribes to nothing.
 */
export function useOwnMember(uid: string | null): LiveDocument<MemberCard> {
  const card = useMember(uid);
  const { noted, settled, pending } = useSyncExternalStore(subscribe, current, current);
  const unsettled = noted > settled;
  const member = useMemberDocument(unsettled ? uid : null);
  const caughtUp = useMemo(
    () =>
      card.status === 'ready' &&
      member.status === 'ready' &&
      sameValue(memberCardFields({ ...member.data }), { ...card.data }),
    [card, member],
  );
  const cardWithWrites = useMemo<LiveDocument<MemberCard>>(
    () =>
      card.status === 'ready' && pending.some(({ set }) => Object.keys(set).length > 0)
        ? { status: 'ready', data: withWrites(card.data, pending) }
        : card,
    [card, pending],
  );
  useEffect(() => {
    // Up to the writes this render compared: a later one is compared again.
    if (unsettled && caughtUp) settle(noted);
  }, [unsettled, caughtUp, noted]);
  if (!unsettled || caughtUp) return card;
  return member.status === 'ready' ? member : cardWithWrites;
}
