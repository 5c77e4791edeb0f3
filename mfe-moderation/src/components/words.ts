import { REPORT_REASONS } from 'shared-firebase';
import type { ModerationAction, ModerationCase, ReportReason } from 'shared-firebase';

/** What kind of thing a case is about, as the queue names it. */
export const KIND_WORDS: Record<ModerationCase['kind'], string> = {
  post: 'Post',
  comment: 'Comment',
  reply: 'Reply',
  member: 'Member',
};

/** A case's or a report's status, as moderators and reporters read it. */
export const STATUS_WORDS: Record<ModerationCase['status'], string> = {
  open: 'Waiting for a moderator',
  dismissed: 'Reviewed: no action taken',
  removed: 'Removed by a moderator',
  suspended: 'Account suspended by a moderator',
};

/** What each action did, for the case's log. */
export const ACTION_WORDS: Record<ModerationAction['kind'], string> = {
  dismiss: 'Dismissed',
  remove: 'Removed',
  suspend: 'Suspended the author',
  unsuspend: 'Lifted the suspension',
};

/** A reason's words (an unknown reason from a newer page shows as it is stored). */
export function reasonWords(reason: string): string {
  return (
    REPORT_REASONS.find((option) => option.reason === (reason as ReportReason))?.label ?? reason
  );
}

/** "Spam ×2, Hate speech or symbols": the reasons of a case, the most given first. */
export function reasonsSummary(reasons: ModerationCase['reasons']): string {
  return Object.entries(reasons)
    .sort(([, a], [, b]) => (b ?? 0) - (a ?? 0))
    .map(([reason, count]) =>
      count && count > 1 ? `${reasonWords(reason)} ×${count}` : reasonWords(reason),
    )
    .join(', ');
}
