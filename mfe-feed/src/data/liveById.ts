import { useEffect, useRef, useState } from 'react';
import type { LiveDocument } from 'shared-firebase';

/** Starts listening to one document by id, handing each read to `show`; returns the stop. */
export type ListenById<T> = (id: string, show: (read: LiveDocument<T>) => void) => () => void;

/**
 * Live documents by id, each `loading` until its first snapshot, through `listen`: one listener
 * per id, kept while the id is wanted. A new `restarts` listens to every id afresh.
 */
export function useLiveById<T>(
  ids: readonly string[],
  restarts: number,
  listen: ListenById<T>,
): Readonly<Record<string, LiveDocument<T>>> {
  const [reads, setReads] = useState<Readonly<Record<string, LiveDocument<T>>>>({});
  const listeners = useRef(new Map<string, () => void>());
  // Document ids hold no '/', so the joined ids stand for the set (a stable effect dependency).
  const wantedKey = ids.join('/');

  useEffect(() => {
    const wanted = new Set(wantedKey === '' ? [] : wantedKey.split('/'));
    for (const [id, stop] of listeners.current) {
      if (!wanted.has(id)) {
        stop();
        listeners.current.delete(id);
      }
    }
    for (const id of wanted) {
      if (listeners.current.has(id)) continue;
      const show = (read: LiveDocument<T>) => setReads((current) => ({ ...current, [id]: read }));
      listeners.current.set(id, listen(id, show));
    }
  }, [wantedKey, restarts, listen]);

  // A retry listens afresh; leaving the page stops every listener.
  useEffect(() => {
    const current = listeners.current;
    return () => {
      for (const stop of current.values()) stop();
      current.clear();
      setReads({});
    };
  }, [restarts]);

  return reads;
}
