import { useRef, useState } from 'react';
import {
  REPORT_NOTE_MAX_LENGTH,
  REPORT_REASONS,
  reportErrorMessage,
  submitReport,
} from 'shared-firebase';
import type { ReportReason, ReportTarget } from 'shared-firebase';
import { Button, ReportDialog } from 'shared-ui';

export interface ReportDialogForProps {
  target: ReportTarget;
  /** What is reported, in the dialog's title: "this post", "this comment". */
  subject: string;
  reporterUid: string;
  onClose: () => void;
}

/** The report dialog sending a report of `target` (docs/DATA_MODEL.md "Reports and moderation"). */
export function ReportDialogFor({ target, subject, reporterUid, onClose }: ReportDialogForProps) {
  return (
    <ReportDialog
      subject={subject}
      reasons={REPORT_REASONS}
      noteMaxLength={REPORT_NOTE_MAX_LENGTH}
      onSubmit={(reason, note) => submitReport(target, reporterUid, reason as ReportReason, note)}
      errorMessage={reportErrorMessage}
      onClose={onClose}
    />
  );
}

export interface ReportButtonProps extends Omit<ReportDialogForProps, 'onClose'> {
  /** The button's name in a list of many: "Report comment". */
  ariaLabel: string;
}

/** A "Report" button that opens the dialog, and takes focus back when it closes. */
export function ReportButton({ ariaLabel, ...dialog }: ReportButtonProps) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLSpanElement>(null);
  return (
    <span ref={buttonRef}>
      <Button variant="ghost" aria-label={ariaLabel} onClick={() => setOpen(true)}>
        Report
      </Button>
      {open ? (
        <ReportDialogFor
          {...dialog}
          onClose={() => {
            setOpen(false);
            buttonRef.current?.querySelector('button')?.focus();
          }}
        />
      ) : null}
    </span>
  );
}
