import { useEffect, useState } from 'react';
import { useBrowserOnline } from 'shared-firebase';
import { Button } from 'shared-ui';
import { PROFILE_MESSAGES } from '../messages';

export const SENDING_LABEL = 'Sending...';
/** A change still on its way after this long is said to be waiting (a slow network). */
export const WAITING_NOTE_DELAY_MS = 2000;

/**
 * Says that a send is waiting rather than lost: at once while the browser is offline, otherwise
 * once it has taken WAITING_NOTE_DELAY_MS.
 */
function WaitingNote() {
  const online = useBrowserOnline();
  const [late, setLate] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setLate(true), WAITING_NOTE_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return !online || late ? (
    <p role="status" className="profile-edit__waiting">
      {PROFILE_MESSAGES.profileChangeWaiting}
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
