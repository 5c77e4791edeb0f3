import { useCallback, useEffect, useRef, useState } from 'react';
import { STATUS_MESSAGE_MS } from './constants';

export type StatusTone = 'success' | 'error';

export interface Status {
  text: string;
  tone: StatusTone;
  /** Distinguishes two identical messages in a row, so the second restarts the timer. */
  key: number;
}

/** A status message that clears itself after STATUS_MESSAGE_MS. */
export function useStatusMessage(durationMs: number = STATUS_MESSAGE_MS) {
  const [status, setStatus] = useState<Status | null>(null);
  const counter = useRef(0);

  useEffect(() => {
    if (!status) return undefined;
    const timer = setTimeout(() => setStatus(null), durationMs);
    return () => clearTimeout(timer);
  }, [status, durationMs]);

  const show = useCallback((text: string, tone: StatusTone) => {
    counter.current += 1;
    setStatus({ text, tone, key: counter.current });
  }, []);
  const clear = useCallback(() => setStatus(null), []);

  return { status, show, clear };
}

export interface StatusMessageProps {
  status: Status | null;
  className?: string;
}

/**
 * The live region is always in the document so screen readers announce each message as it
 * appears; errors are announced assertively.
 */
export function StatusMessage({ status, className }: StatusMessageProps) {
  return (
    <div className={['ui-status', className].filter(Boolean).join(' ')}>
      <div role="status" aria-live="polite">
        {status?.tone === 'success' ? (
          <p key={status.key} className="ui-status__message ui-status__message--success">
            {status.text}
          </p>
        ) : null}
      </div>
      <div role="alert" aria-live="assertive">
        {status?.tone === 'error' ? (
          <p key={status.key} className="ui-status__message ui-status__message--error">
            {status.text}
          </p>
        ) : null}
      </div>
    </div>
  );
}
