import { useBrowserOnline } from 'shared-firebase';
import { Button, WaitingNote } from 'shared-ui';
import { PROFILE_MESSAGES } from '../messages';

export const SENDING_LABEL = 'Sending...';
/** A change still on its way after this long is said to be waiting (a slow network). */
export const WAITING_NOTE_DELAY_MS = 2000;

/**
 * Says that a send is waiting rather than lost: at once while the browser is offline, otherwise
 * once it has taken WAITING_NOTE_DELAY_MS.
 */
function SendWaitingNote() {
  const online = useBrowserOnline();
  return (
    <WaitingNote delayMs={WAITING_NOTE_DELAY_MS} now={!online} className="profile-edit__waiting">
      {PROFILE_MESSAGES.profileChangeWaiting}
    </WaitingNote>
  );
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
      {sending ? <SendWaitingNote /> : null}
    </>
  );
}
