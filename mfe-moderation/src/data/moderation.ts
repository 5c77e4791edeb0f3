import { addDoc, limit, orderBy, query, serverTimestamp, where } from 'firebase/firestore';
import type { Query } from 'firebase/firestore';
import { useMemo } from 'react';
import { COLLECTIONS, MODERATION_ACTIONS, typedCollection, useLiveQuery } from 'shared-firebase';
import type {
  LiveQuery,
  ModerationAction,
  ModerationActionKind,
  ModerationCase,
  Report,
} from 'shared-firebase';

/** How many cases the queue shows at once: a small community's bad day fits. */
export const CASES_SHOWN = 50;
/** How many of their reports a member sees. */
export const REPORTS_SHOWN = 50;

/** The queue's two views: cases waiting for a moderator, and cases a moderator closed. */
export type CaseView = 'open' | 'closed';

const casesCollection = () => typedCollection<ModerationCase>(COLLECTIONS.moderationCases);
const actionsCollection = (caseId: string) =>
  typedCollection<ModerationAction>(
    `${COLLECTIONS.moderationCases}/${caseId}/${MODERATION_ACTIONS}`,
  );

/** The cases of a view, most recently reported first. */
export function casesQuery(view: CaseView): Query<ModerationCase, ModerationCase> {
  const statuses = view === 'open' ? ['open'] : ['dismissed', 'removed', 'suspended'];
  return query(
    casesCollection(),
    where('status', 'in', statuses),
    orderBy('latestAt', 'desc'),
    limit(CASES_SHOWN),
  );
}

/** The cases of a view, live. */
export function useCases(view: CaseView): LiveQuery<ModerationCase> {
  const cases = useMemo(() => casesQuery(view), [view]);
  return useLiveQuery(cases);
}

/** A case's log: the moderators' actions on it, newest first, live. */
export function useCaseLog(caseId: string): LiveQuery<ModerationAction> {
  const log = useMemo(
    () => query(actionsCollection(caseId), orderBy('at', 'desc'), limit(20)),
    [caseId],
  );
  return useLiveQuery(log);
}

/**
 * A moderator's action on a case: written as the case's log entry, which the moderation function
 * carries out (checking the moderator's claim again) and marks done.
 */
export async function actOnCase(
  caseId: string,
  moderatorUid: string,
  kind: ModerationActionKind,
  reason: string,
): Promise<void> {
  await addDoc(actionsCollection(caseId), {
    kind,
    by: moderatorUid,
    reason: reason.trim(),
    at: serverTimestamp() as never,
  });
}

/** The member's own reports, live, newest first (sorted here: one equality filter needs no index). */
export function useMyReports(uid: string | null): LiveQuery<Report> {
  const reports = useMemo(
    () =>
      uid
        ? query(
            typedCollection<Report>(COLLECTIONS.reports),
            where('reporterUid', '==', uid),
            limit(REPORTS_SHOWN),
          )
        : null,
    [uid],
  );
  const live = useLiveQuery(reports);
  if (live.status !== 'ready') return live;
  const time = (report: Report) => report.createdAt?.toMillis() ?? Number.MAX_SAFE_INTEGER;
  return { ...live, items: [...live.items].sort((a, b) => time(b) - time(a)) };
}
