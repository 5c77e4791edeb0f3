import { useCallback, useEffect, useRef } from 'react';
import { markActivityRead } from '../data';

/** Seen items are marked read together, this long after the last one came into view. */
export const MARK_READ_DELAY_MS = 400;

/**
 * `seen(id)` records that an unread item was on screen; shortly after, every item seen meanwhile
 * is marked read in one write. Failures are only logged: the item stays unread and is marked the
 * next time it is seen.
 */
export function useMarkSeenRead(uid: string | null): (itemId: string) => void {
  const pending = useRef(new Set<string>());
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const flush = useCallback(() => {
    const ids = [...pending.current];
    pending.current.clear();
    if (!uid || ids.length === 0) return;
    markActivityRead(uid, ids).catch((error: unknown) => {
      console.error('Activity could not be marked read', error);
    });
  }, [uid]);

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      flush();
    },
    [flush],
  );

  return useCallback(
    (itemId: string) => {
      pending.current.add(itemId);
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, MARK_READ_DELAY_MS);
    },
    [flush],
  );
}
