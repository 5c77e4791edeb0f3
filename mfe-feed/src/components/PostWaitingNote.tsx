import { useBrowserOnline } from 'shared-firebase';
import { WaitingNote } from 'shared-ui';
import { FEED_MESSAGES } from '../messages';

/**
 * An online post the server has not confirmed after this long is said to be waiting too (a
 * connection the browser still believes in but that carries nothing); longer than a slow commit.
 */
export const POST_WAITING_NOTE_DELAY_MS = 3000;

/**
 * Says that the new post Firestore is holding waits for a connection: at once when the browser
 * is offline, after POST_WAITING_NOTE_DELAY_MS otherwise.
 */
export function PostWaitingNote() {
  const online = useBrowserOnline();
  return (
    <WaitingNote delayMs={POST_WAITING_NOTE_DELAY_MS} now={!online} className="feed-pending">
      {FEED_MESSAGES.postWaitingForConnection}
    </WaitingNote>
  );
}
