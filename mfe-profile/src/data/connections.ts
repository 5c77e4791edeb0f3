import type { DocumentReference, FirestoreError } from 'firebase/firestore';
import { useMemo } from 'react';
import { followersRef, followingRef, useLiveDocument } from 'shared-firebase';

/**
 * A member's followers or followings, live: the uids in the order they were added (the newest
 * last). A member without the document yet has none.
 */
export type LiveUidList =
  | { status: 'loading' }
  | { status: 'ready'; uids: string[] }
  | { status: 'error'; error: FirestoreError };

function useLiveUids<T>(
  ref: DocumentReference<T> | null,
  uidsOf: (data: T) => string[],
): LiveUidList {
  const result = useLiveDocument(ref);
  if (result.status === 'ready') return { status: 'ready', uids: uidsOf(result.data) };
  if (result.status === 'missing') return { status: 'ready', uids: [] };
  return result;
}

/**
 * Who follows `uid`, live from `Followers/{uid}`: one document read, however many members there
 * are. Its length is the followers count (docs/DATA_MODEL.md "Counts"). Loading while `uid` is null.
 */
export function useFollowerUids(uid: string | null): LiveUidList {
  const ref = useMemo(() => (uid ? followersRef(uid) : null), [uid]);
  return useLiveUids(ref, (data) => data.Followers);
}

/**
 * Whom `uid` follows, live from `Following/{uid}`; its length is the following count. Loading
 * while `uid` is null.
 */
export function useFollowingUids(uid: string | null): LiveUidList {
  const ref = useMemo(() => (uid ? followingRef(uid) : null), [uid]);
  return useLiveUids(ref, (data) => data.Following);
}

/**
 * A followers or following count: the one the profile's function keeps in `usersData.counts`
 * (right beyond the lists' bound too), else the list's length for a member it has not counted
 * yet. Null while neither is known.
 */
export function storedCount(counted: number | undefined, list: LiveUidList): number | null {
  if (counted !== undefined) return counted;
  return list.status === 'ready' ? list.uids.length : null;
}
