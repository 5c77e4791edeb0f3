import { useState } from 'react';
import { Button } from 'shared-ui';
import { setSaved, useSavedMark } from '../data';
import { FEED_MESSAGES } from '../messages';
import { PendingNote } from './PendingNote';

export interface SaveButtonProps {
  postId: string;
  viewerUid: string;
  onError: (message: string) => void;
}

/**
 * Save/Saved toggle: keeps the post in the member's private saved posts (`/saved`) or takes it
 * out. It shows the new state at once; until the server confirms it a note says it is waiting,
 * and a refused write puts the state back and says so. Disabled until the member's bookmark of the
 * post has been read (a save of a saved post would be refused), and while one change is sent.
 */
export function SaveButton({ postId, viewerUid, onError }: SaveButtonProps) {
  const mark = useSavedMark(viewerUid, postId);
  /** The state being sent, shown until the write settles. */
  const [sending, setSending] = useState<boolean | null>(null);
  const saved = sending ?? mark.status === 'ready';

  const toggle = async () => {
    const next = !saved;
    setSending(next);
    try {
      await setSaved(viewerUid, postId, next);
    } catch (error) {
      console.error('Save failed', error);
      onError(next ? FEED_MESSAGES.saveFailed : FEED_MESSAGES.unsaveFailed);
    } finally {
      setSending(null);
    }
  };

  return (
    <>
      <Button
        variant="secondary"
        aria-pressed={saved}
        disabled={mark.status === 'loading' || sending !== null}
        onClick={toggle}
      >
        {saved ? 'Saved' : 'Save'}
      </Button>
      {sending !== null ? <PendingNote what={sending ? 'Save' : 'Unsave'} /> : null}
    </>
  );
}
