import { useState } from 'react';
import { useSignedInUid } from 'shared-firebase';
import { EmptyState, LoadFailure, Spinner } from 'shared-ui';
import { CaseCard } from '../components/CaseCard';
import { useCases } from '../data';
import type { CaseView } from '../data';

const VIEWS: { view: CaseView; label: string; empty: string }[] = [
  { view: 'open', label: 'Open cases', empty: 'No open cases. Reports members send show up here.' },
  { view: 'closed', label: 'Closed cases', empty: 'No closed cases yet.' },
];

/**
 * The moderators' queue: the cases members' reports opened, most recently reported first, live,
 * each with what was reported, its author and where it is, and the decisions a moderator takes.
 * The shell shows this route only to members whose token carries the moderator claim; the rules
 * refuse its reads to anyone else.
 */
export function ModerationPage() {
  const uid = useSignedInUid();
  const [view, setView] = useState<CaseView>('open');
  const [attempt, setAttempt] = useState(0);
  const shown = VIEWS.find((entry) => entry.view === view)!;

  return (
    <section className="ui-page moderation-page" aria-labelledby="moderation-heading">
      <h1 id="moderation-heading">Moderation</h1>
      <div className="moderation-views" role="group" aria-label="Cases shown">
        {VIEWS.map((entry) => (
          <button
            key={entry.view}
            type="button"
            className="moderation-views__button"
            aria-pressed={view === entry.view}
            onClick={() => setView(entry.view)}
          >
            {entry.label}
          </button>
        ))}
      </div>
      {uid ? (
        <CaseList
          key={`${view}-${attempt}`}
          view={view}
          empty={shown.empty}
          moderatorUid={uid}
          onRetry={() => setAttempt((n) => n + 1)}
        />
      ) : null}
    </section>
  );
}

function CaseList({
  view,
  empty,
  moderatorUid,
  onRetry,
}: {
  view: CaseView;
  empty: string;
  moderatorUid: string;
  onRetry: () => void;
}) {
  const cases = useCases(view);
  if (cases.status === 'loading') return <Spinner label="Loading cases…" />;
  if (cases.status === 'error') {
    return <LoadFailure message="The cases could not be loaded." onRetry={onRetry} />;
  }
  if (cases.items.length === 0) return <EmptyState>{empty}</EmptyState>;
  return (
    <ul className="moderation-cases" aria-label={view === 'open' ? 'Open cases' : 'Closed cases'}>
      {cases.items.map((moderationCase) => (
        <li key={moderationCase.id}>
          <CaseCard moderationCase={moderationCase} moderatorUid={moderatorUid} />
        </li>
      ))}
    </ul>
  );
}
