import { useEffect, useState } from 'react';
import { Button } from 'shared-ui';

export const SENDING_LABEL = 'Sending...';
/** A change still on its way after this long is said to be waiting (offline, a slow network). */
export const WAITING_NOTE_DELAY_MS = 2000;
export const WAITING_NOTE =
  'Your change is waiting to be sent: it is saved as soon as the connection returns.';

/** Says, once a send has taken WAITING_NOTE_DELAY_MS, that it is waiting rather than lost. */
function WaitingNote() {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), WAITING_NOTE_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return shown ? (
    <p role="status" className="profile-edit__waiting">
      {WAITING_NOTE}
    </p>
  ) : null;
}

/**
 * The edit form's submit button: 'Sending...' and disabled while the change is sent; a change
 * Firestore is holding (offline) gets a note saying so.
 */
export function SubmitButton({ sending }: { sending: boolean }) {
  return (
    <>
      <Button type="submit" disabled={sending} aria-busy={sending}>
        {sending ? SENDING_LABEL : 'Save'}
      </Button>
      {sending ? <WaitingNote /> : null}
    </>
  );
}
