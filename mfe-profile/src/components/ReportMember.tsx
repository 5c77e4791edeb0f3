import { useRef, useState } from 'react';
import {
  REPORT_NOTE_MAX_LENGTH,
  REPORT_REASONS,
  reportErrorMessage,
  submitReport,
} from 'shared-firebase';
import type { ReportReason } from 'shared-firebase';
import { Button, ReportDialog } from 'shared-ui';

export interface ReportMemberProps {
  me: string;
  target: string;
  targetName: string;
}

/** "Report" on another member's profile: the report dialog, focus back on the button after. */
export function ReportMember({ me, target, targetName }: ReportMemberProps) {
  const [open, setOpen] = useState(false);
  const wrapperRef = useRef<HTMLSpanElement>(null);
  return (
    <span ref={wrapperRef}>
      <Button variant="ghost" onClick={() => setOpen(true)}>
        Report
      </Button>
      {open ? (
        <ReportDialog
          subject={targetName || 'this member'}
          reasons={REPORT_REASONS}
          noteMaxLength={REPORT_NOTE_MAX_LENGTH}
          onSubmit={(reason, note) =>
            submitReport({ kind: 'member', targetId: target }, me, reason as ReportReason, note)
          }
          errorMessage={reportErrorMessage}
          onClose={() => {
            setOpen(false);
            wrapperRef.current?.querySelector('button')?.focus();
          }}
        />
      ) : null}
    </span>
  );
}
