import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent, KeyboardEvent } from 'react';
import { Button } from '../Button';
import { TextAreaField } from '../TextField';

/** One reason a member may give, with the words the dialog shows. */
export interface ReportReasonOption {
  reason: string;
  label: string;
}

export interface ReportDialogProps {
  /** What is reported, in the dialog's title: "this post", "this comment", "Ann". */
  subject: string;
  /** The reasons to pick from, in order (shared-firebase's REPORT_REASONS). */
  reasons: readonly ReportReasonOption[];
  /** The note's bound in characters. */
  noteMaxLength: number;
  /** Sends the report; a rejection is shown in the dialog and the member may try again. */
  onSubmit: (reason: string, note: string) => Promise<void>;
  /** Escape, Cancel or Close after the confirmation: the caller removes the dialog. */
  onClose: () => void;
  /** What a refused send says (e.g. already reported); a generic message otherwise. */
  errorMessage?: (error: unknown) => string;
}

type Phase = 'choosing' | 'sending' | 'sent';

/**
 * The report dialog: a modal `<dialog>` (the browser keeps focus inside and the page behind it
 * inert), named by its title, closed by Escape. The member picks a reason, may add a note, sends,
 * and is told it was received.
 */
export function ReportDialog({
  subject,
  reasons,
  noteMaxLength,
  onSubmit,
  onClose,
  errorMessage,
}: ReportDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [reason, setReason] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [phase, setPhase] = useState<Phase>('choosing');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  // Closed first, so the page is no longer inert when the caller moves focus back to it.
  const close = () => {
    dialogRef.current?.close();
    onClose();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    close();
  };

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason) {
      setError('Choose a reason.');
      return;
    }
    setPhase('sending');
    setError(null);
    try {
      await onSubmit(reason, note);
      setPhase('sent');
    } catch (caught) {
      setError(errorMessage?.(caught) ?? 'Your report could not be sent. Try again.');
      setPhase('choosing');
    }
  };

  return (
    <dialog
      ref={dialogRef}
      className="ui-dialog"
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
      // The browser's own Escape: the caller decides, so the dialog and its state leave together.
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
    >
      <h2 id={titleId} className="ui-dialog__title">
        Report {subject}
      </h2>
      {phase === 'sent' ? (
        <div className="ui-dialog__body">
          <p role="status">
            Thanks for telling us. A moderator will look at it; you can follow what happens under
            Your reports in your account menu.
          </p>
          <div className="ui-dialog__actions">
            <Button autoFocus onClick={close}>
              Close
            </Button>
          </div>
        </div>
      ) : (
        <form className="ui-dialog__body" onSubmit={(event) => void send(event)} noValidate>
          <fieldset className="ui-dialog__reasons">
            <legend>Why are you reporting it?</legend>
            {reasons.map((option, index) => (
              <label key={option.reason} className="ui-dialog__reason">
                <input
                  type="radio"
                  name="reason"
                  value={option.reason}
                  checked={reason === option.reason}
                  onChange={() => setReason(option.reason)}
                  // The first choice takes focus when the dialog opens.
                  autoFocus={index === 0}
                />
                {option.label}
              </label>
            ))}
          </fieldset>
          <TextAreaField
            label={`Anything to add? (optional, up to ${noteMaxLength} characters)`}
            value={note}
            maxLength={noteMaxLength}
            onChange={(event) => setNote(event.target.value)}
          />
          {error ? (
            <p className="ui-dialog__error" role="alert">
              {error}
            </p>
          ) : null}
          <div className="ui-dialog__actions">
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={phase === 'sending'}>
              {phase === 'sending' ? 'Sending…' : 'Send report'}
            </Button>
          </div>
        </form>
      )}
    </dialog>
  );
}
