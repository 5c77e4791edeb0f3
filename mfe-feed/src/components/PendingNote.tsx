import { WaitingNote } from 'shared-ui';

/** Writes the server confirms within this time show no note, so nothing flickers when online. */
export const PENDING_NOTE_DELAY_MS = 500;

/**
 * Says that a like or a comment is waiting: Firestore has applied it locally and queued it
 * (offline, until the connection returns); shown once the write has waited PENDING_NOTE_DELAY_MS.
 */
export function PendingNote({ what }: { what: string }) {
  return (
    <WaitingNote delayMs={PENDING_NOTE_DELAY_MS} inline className="feed-pending">
      {what} waiting to be sent…
    </WaitingNote>
  );
}
