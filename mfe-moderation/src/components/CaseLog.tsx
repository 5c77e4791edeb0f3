import { RelativeTime } from 'shared-ui';
import { useCaseLog } from '../data';
import { MemberLink } from './MemberLink';
import { ACTION_WORDS } from './words';

/** A case's log: who did what, when and why, and whether the function carried it out. */
export function CaseLog({ caseId }: { caseId: string }) {
  const log = useCaseLog(caseId);
  if (log.status !== 'ready' || log.items.length === 0) return null;
  return (
    <details className="moderation-case__log">
      <summary>Log ({log.items.length})</summary>
      <ul>
        {log.items.map((action) => (
          <li key={action.id}>
            <strong>{ACTION_WORDS[action.kind] ?? action.kind}</strong>
            {' by '}
            <MemberLink uid={action.by} avatarSize={20} />
            {action.at ? (
              <>
                {' '}
                <RelativeTime time={action.at.toDate()} />
              </>
            ) : null}
            {action.result === 'refused' ? ' (refused)' : action.result ? '' : ' (in progress)'}
            <p className="moderation-case__why">{action.reason}</p>
          </li>
        ))}
      </ul>
    </details>
  );
}
