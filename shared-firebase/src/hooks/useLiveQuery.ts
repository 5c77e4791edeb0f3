import { onSnapshot } from 'firebase/firestore';
import type { FirestoreError, Query } from 'firebase/firestore';
import { useEffect, useState } from 'react';
import type { WithId } from '../model';

/** A live query's items: loading, ready, or the read's error. */
export type LiveQuery<T> =
  | { status: 'loading' }
  | {
      status: 'ready';
      items: Array<WithId<T>>;
      /**
       * Ids of items with local writes Firestore has queued but the server has not confirmed yet
       * (`hasPendingWrites`): offline, they wait until the connection returns.
       */
      pendingIds?: ReadonlySet<string>;
    }
  | { status: 'error'; error: FirestoreError };

/** A live-subscribed query; `query` must be stable (memoise it on its inputs). */
export function useLiveQuery<T>(query: Query<T> | null): LiveQuery<T> {
  const [result, setResult] = useState<LiveQuery<T>>({ status: 'loading' });
  useEffect(() => {
    if (!query) return undefined;
    setResult({ status: 'loading' });
    return onSnapshot(
      query,
      // Metadata changes too, so an item's pending mark clears when the server confirms it.
      { includeMetadataChanges: true },
      (snapshot) =>
        setResult({
          status: 'ready',
          items: snapshot.docs.map((doc) => ({
            ...doc.data({ serverTimestamps: 'estimate' }),
            id: doc.id,
          })),
          pendingIds: new Set(
            snapshot.docs.filter((doc) => doc.metadata.hasPendingWrites).map((doc) => doc.id),
          ),
        }),
      (error) => setResult({ status: 'error', error }),
    );
  }, [query]);
  return result;
}
