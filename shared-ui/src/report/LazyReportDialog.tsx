import { lazy, Suspense } from 'react';
import type { ReportDialogProps } from './ReportDialog';

// A member opens a report dialog rarely, and shared-ui is provided whole to every page (the
// sign-in screens included): its code is fetched when a dialog is first shown.
const Dialog = lazy(() =>
  import('./ReportDialog').then((module) => ({ default: module.ReportDialog })),
);

/** The report dialog (./ReportDialog), fetched on first use; nothing shows while it loads. */
export function LazyReportDialog(props: ReportDialogProps) {
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}
