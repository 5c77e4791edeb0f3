import { useEffect, useState } from 'react';

/** Writes the server confirms within this time show no note, so nothing flickers when online. */
export const PENDING_NOTE_DELAY_MS = 500;

/**
 * Says that a write is waiting: Firestore has applied it locally and queued it (offline, until
 * the connection returns); shown once the write has waited PENDING_NOTE_DELAY_MS.
 */
export function PendingNote({ what }: { what: string }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), PENDING_NOTE_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return shown ? (
    <span className="feed-pending" role="status">
      {what} waiting to be sent…
    </span>
  ) : null;
}
