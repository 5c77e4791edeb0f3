import { useState } from 'react';
import { Button } from 'shared-ui';

export interface ConfirmActionProps {
  /** The first button, e.g. "Delete". */
  label: string;
  /** Accessible name of the first button when `label` alone is ambiguous in a list. */
  ariaLabel?: string;
  /** The question asked before acting, e.g. "Delete this comment?". */
  question: string;
  /** The confirming button, e.g. "Delete comment". */
  confirmLabel: string;
  /** Acts; a rejection is reported through `onError` and the question closes. */
  onConfirm: () => Promise<void>;
  onError: (message: string) => void;
  errorMessage: string;
}

/** A destructive action that asks first: the button, then the question with confirm and Cancel. */
export function ConfirmAction({
  label,
  ariaLabel,
  question,
  confirmLabel,
  onConfirm,
  onError,
  errorMessage,
}: ConfirmActionProps) {
  const [confirming, setConfirming] = useState(false);
  const [acting, setActing] = useState(false);

  const confirm = async () => {
    setActing(true);
    try {
      await onConfirm();
      // The live list drops the item; this component goes with it.
    } catch (error) {
      console.error(`${confirmLabel} failed`, error);
      onError(errorMessage);
      setActing(false);
      setConfirming(false);
    }
  };

  if (!confirming) {
    return (
      <Button variant="ghost" aria-label={ariaLabel} onClick={() => setConfirming(true)}>
        {label}
      </Button>
    );
  }
  return (
    <div className="feed-confirm" role="group" aria-label={question}>
      <p>{question}</p>
      <Button variant="danger" onClick={confirm} disabled={acting}>
        {confirmLabel}
      </Button>
      <Button variant="secondary" onClick={() => setConfirming(false)} disabled={acting}>
        Cancel
      </Button>
    </div>
  );
}
