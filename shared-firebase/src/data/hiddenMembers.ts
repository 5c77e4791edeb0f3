// Whom the signed-in member does not see (docs/DATA_MODEL.md "Blocks and mutes"): one live read of
// their block and mute edges per page, shared by every reader of every remote (this module is part
// of the page's one shared-firebase), so a block or mute takes effect everywhere at once.
import { onSnapshot, query, where } from 'firebase/firestore';
import { useCallback, useSyncExternalStore } from 'react';
import { COLLECTIONS } from '../model';
import { hiddenBySuspension } from './suspension';
import type { BlockEdge, MuteEdge } from '../model';
import { typedCollection } from '../refs';
import { useSignedInUid } from '../session';

/** The members hidden from the signed-in member, by why. */
export interface HiddenMembers {
  /** Members I blocked. */
  readonly blocked: ReadonlySet<string>;
  /** Members who blocked me: I see them as unavailable. */
  readonly blockedBy: ReadonlySet<string>;
  /** Members I muted: out of my feed, my bell and my activity page, and nowhere else. */
  readonly muted: ReadonlySet<string>;
  /**
   * All three edge reads have answered (or failed). Until then the sets are empty whoever is
   * hidden: a reader that shows one member's content (a profile, a post) waits for it, so a
   * blocker's page never shows for a moment before it turns unavailable.
   */
  readonly loaded: boolean;
}

// Signed out: nobody is hidden, and that is known.
const NONE: HiddenMembers = {
  blocked: new Set(),
  blockedBy: new Set(),
  muted: new Set(),
  loaded: true,
};
const LOADING: HiddenMembers = { ...NONE, loaded: false };

/** A block either way: the member's posts, comments, replies and activity are hidden everywhere. */
export const isBlockedEitherWay = (hidden: HiddenMembers, uid: string): boolean =>
  hidden.blocked.has(uid) || hidden.blockedBy.has(uid);

/**
 * Left out of a list of members (likers, followers, following, @-suggestions): a block either way,
 * or a suspension, which shows on the member's `usersData` (`profile`) once it is read. Called
 * without it (a list of uids), only the block counts; each row then checks its read profile.
 */
export const isMemberHidden = (
  hidden: HiddenMembers,
  uid: string,
  profile?: { authorSuspended?: unknown } | null,
): boolean => isBlockedEitherWay(hidden, uid) || hiddenBySuspension(profile);

/** Out of the feed, the bell and the activity page: a block either way, or a mute. */
export const isHiddenInFeed = (hidden: HiddenMembers, uid: string): boolean =>
  isBlockedEitherWay(hidden, uid) || hidden.muted.has(uid);

interface Store {
  value: HiddenMembers;
  listeners: Set<() => void>;
  stop: () => void;
}

const stores = new Map<string, Store>();

function open(me: string): Store {
  const store: Store = { value: LOADING, listeners: new Set(), stop: () => undefined };
  const parts: { blocked: string[]; blockedBy: string[]; muted: string[] } = {
    blocked: [],
    blockedBy: [],
    muted: [],
  };
  const answered = new Set<keyof typeof parts>();
  const publish = (part: keyof typeof parts) => {
    answered.add(part);
    store.value = {
      blocked: new Set(parts.blocked),
      blockedBy: new Set(parts.blockedBy),
      muted: new Set(parts.muted),
      loaded: answered.size === 3,
    };
    for (const listener of store.listeners) listener();
  };
  const blocks = typedCollection<BlockEdge>(COLLECTIONS.blocks);
  const mutes = typedCollection<MuteEdge>(COLLECTIONS.mutes);
  // A failed read hides nobody rather than breaking every page (or leaving it loading); the
  // rules still refuse what a block forbids.
  const onError = (part: keyof typeof parts) => (error: unknown) => {
    console.error('Hidden members could not be read', error);
    publish(part);
  };
  const stops = [
    onSnapshot(
      query(blocks, where('blocker', '==', me)),
      (snap) => {
        parts.blocked = snap.docs.map((d) => d.data().blocked);
        publish('blocked');
      },
      onError('blocked'),
    ),
    onSnapshot(
      query(blocks, where('blocked', '==', me)),
      (snap) => {
        parts.blockedBy = snap.docs.map((d) => d.data().blocker);
        publish('blockedBy');
      },
      onError('blockedBy'),
    ),
    onSnapshot(
      query(mutes, where('muter', '==', me)),
      (snap) => {
        parts.muted = snap.docs.map((d) => d.data().muted);
        publish('muted');
      },
      onError('muted'),
    ),
  ];
  store.stop = () => stops.forEach((stop) => stop());
  return store;
}

function subscribe(me: string, listener: () => void): () => void {
  let store = stores.get(me);
  if (!store) {
    store = open(me);
    stores.set(me, store);
  }
  store.listeners.add(listener);
  const held = store;
  return () => {
    held.listeners.delete(listener);
    if (held.listeners.size === 0) {
      held.stop();
      stores.delete(me);
    }
  };
}

const subscribeNobody = () => () => undefined;

/**
 * The members hidden from the signed-in member, live: nobody while signed out, nobody and
 * `loaded: false` until the edges have been read.
 */
export function useHiddenMembers(): HiddenMembers {
  const me = useSignedInUid();
  const subscribeMine = useCallback(
    (listener: () => void) => (me ? subscribe(me, listener) : subscribeNobody()),
    [me],
  );
  return useSyncExternalStore(subscribeMine, () =>
    me ? (stores.get(me)?.value ?? LOADING) : NONE,
  );
}
