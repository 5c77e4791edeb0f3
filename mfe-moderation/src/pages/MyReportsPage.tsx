import { useState } from 'react';
import { useSignedInUid } from 'shared-firebase';
import { EmptyState, LoadFailure, RelativeTime, Spinner } from 'shared-ui';
import { KIND_WORDS, STATUS_WORDS, reasonWords } from '../components/words';
import { useMyReports } from '../data';

/** The member's reports, newest first, live, each with what a moderator decided. */
export function MyReportsPage() {
  const [attempt, setAttempt] = useState(0);
  return (
    <section className="ui-page" aria-labelledby="my-reports-heading">
      <h1 id="my-reports-heading">Your reports</h1>
      <ReportList key={attempt} onRetry={() => setAttempt((n) => n + 1)} />
    </section>
  );
}

function ReportList({ onRetry }: { onRetry: () => void }) {
  const reports = useMyReports(useSignedInUid());
  return (
    <>
      {reports.status === 'loading' ? (
        <Spinner label="Loading your reports…" />
      ) : reports.status === 'error' ? (
        <LoadFailure message="Your reports could not be loaded." onRetry={onRetry} />
      ) : reports.items.length === 0 ? (
        <EmptyState>You have not reported anything.</EmptyState>
      ) : (
        <ul className="ui-list ui-card" aria-label="Your reports">
          {reports.items.map((report) => (
            <li key={report.id} className="ui-list__entry moderation-report">
              <span>
                {KIND_WORDS[report.kind] ?? report.kind} reported for {reasonWords(report.reason)}
                {report.createdAt ? (
                  <>
                    {' · '}
                    <RelativeTime time={report.createdAt.toDate()} />
                  </>
                ) : null}
              </span>
              <strong className="moderation-report__outcome">
                {STATUS_WORDS[report.outcome ?? 'open']}
              </strong>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
