import { getDoc, onSnapshot } from 'firebase/firestore';
import type { DocumentReference, DocumentSnapshot } from 'firebase/firestore';
import { useEffect } from 'react';
import { followersRef } from 'shared-firebase';
import type { FollowersDoc } from 'shared-firebase';
import { whenIdle } from '../whenIdle';

/**
 * Who a new post is for: its author and the author's followers (`Followers/{uid}`), which the
 * rules check the post's `followers` against when the write reaches the server.
 */
export function postAudience(
  authorUid: string,
  snapshot: Pick<DocumentSnapshot<FollowersDoc>, 'data'>,
): string[] {
  return Array.from(new Set([authorUid, ...(snapshot.data()?.Followers ?? [])]));
}

/** The first snapshot of `ref` that the server has confirmed; waits for a connection if need be. */
function serverConfirmedSnapshot<T extends FollowersDoc>(
  ref: DocumentReference<T, T>,
): Promise<DocumentSnapshot<T, T>> {
  return new Promise((resolve, reject) => {
    const stop = onSnapshot(
      ref,
      { includeMetadataChanges: true },
      (snapshot) => {
        if (snapshot.metadata.fromCache) return;
        stop();
        resolve(snapshot);
      },
      reject,
    );
  });
}

/**
 * The new post's audience as Firestore knows it now: from the server when online, from the SDK's
 * cache when offline (the composer keeps the document cached, see usePostAudienceCache). Offline
 * with nothing cached, it waits until the server answers rather than guess an audience.
 */
export async function readPostAudience(authorUid: string): Promise<string[]> {
  const ref = followersRef(authorUid);
  try {
    return postAudience(authorUid, await getDoc(ref));
  } catch (error) {
    if ((error as { code?: string }).code !== 'unavailable') throw error;
    return postAudience(authorUid, await serverConfirmedSnapshot(ref));
  }
}

/**
 * Keeps `Followers/{authorUid}` in the SDK's cache while the composer is shown, so a post made
 * offline can still name its audience (the memory cache drops documents nothing listens to).
 * The listen starts once the first view is idle: it is not on screen, and started with the page it
 * went before the feed's own query on the connection.
 */
export function usePostAudienceCache(authorUid: string): void {
  useEffect(() => {
    let stop: (() => void) | undefined;
    const cancel = whenIdle(() => {
      stop = onSnapshot(
        followersRef(authorUid),
        () => undefined,
        // A failed listen only means the offline path may have to wait for the server.
        () => undefined,
      );
    });
    return () => {
      cancel();
      stop?.();
    };
  }, [authorUid]);
}
