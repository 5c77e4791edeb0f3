import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';

export interface WaitingNoteProps {
  /**
   * How long a write may take before the note shows: writes the server confirms sooner show
   * nothing, so nothing flickers on a good connection.
   */
  delayMs: number;
  /** Show it at once (the browser says it is offline: the write will wait for sure). */
  now?: boolean;
  /** Inline (beside a button) instead of a paragraph of its own. */
  inline?: boolean;
  className?: string;
  children: ReactNode;
}

/**
 * Says that a write is waiting rather than lost: Firestore has applied it locally and queued it
 * until the connection carries it. Shown once the write has waited `delayMs`, or at once with
 * `now`; the caller unmounts it when the write settles.
 */
export function WaitingNote({
  delayMs,
  now = false,
  inline = false,
  className,
  children,
}: WaitingNoteProps) {
  const [late, setLate] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setLate(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
  if (!now && !late) return null;
  const Note = inline ? 'span' : 'p';
  return (
    <Note role="status" className={className}>
      {children}
    </Note>
  );
}
