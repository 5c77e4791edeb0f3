import { onSnapshot } from 'firebase/firestore';
import type { DocumentReference, FirestoreError } from 'firebase/firestore';
import { useEffect, useState } from 'react';

/** A live document: loading, missing, ready with its data, or the read's error. */
export type LiveDocument<T> =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'ready'; data: T }
  | { status: 'error'; error: FirestoreError };

/**
 * A live-subscribed document. `ref` must be stable (memoise it on its path) — a new reference object
 * every render would resubscribe every render.
 */
export function useLiveDocument<T>(ref: DocumentReference<T> | null): LiveDocument<T> {
  const [result, setResult] = useState<LiveDocument<T>>({ status: 'loading' });
  useEffect(() => {
    if (!ref) return undefined;
    setResult({ status: 'loading' });
    return onSnapshot(
      ref,
      (snapshot) => {
        const data = snapshot.data();
        setResult(data === undefined ? { status: 'missing' } : { status: 'ready', data });
      },
      (error) => setResult({ status: 'error', error }),
    );
  }, [ref]);
  return result;
}
