import { doc, serverTimestamp, setDoc } from 'firebase/firestore';
import type { DocumentReference } from 'firebase/firestore';
import { REPORT_NOTE_MAX_LENGTH } from '../constants';
import { COLLECTIONS } from '../model';
import type { Report, ReportReason, ReportTarget } from '../model';
import { typedCollection } from '../refs';

/**
 * The reasons a member picks from, in the order the report dialog lists them, with their words.
 * The rules accept exactly these keys.
 */
export const REPORT_REASONS: readonly { reason: ReportReason; label: string }[] = [
  { reason: 'spam', label: 'Spam' },
  { reason: 'harassment', label: 'Harassment or bullying' },
  { reason: 'hate', label: 'Hate speech or symbols' },
  { reason: 'sexual', label: 'Nudity or sexual content' },
  { reason: 'violence', label: 'Violence or threats' },
  { reason: 'impersonation', label: 'Pretending to be someone else' },
  { reason: 'other', label: 'Something else' },
];

/**
 * The one key of a reported thing: the case's id, and the start of every report's id, so the
 * reports of one thing meet in one case (`post_<id>`, `comment_<id>`, `reply_<comment>_<reply>`,
 * `member_<uid>`).
 */
export function reportTargetKey(target: ReportTarget): string {
  return target.kind === 'reply'
    ? `reply_${target.targetId}_${target.replyId ?? ''}`
    : `${target.kind}_${target.targetId}`;
}

/** A member's report of a thing has this id: one report per member per thing. */
export function reportId(target: ReportTarget, reporterUid: string): string {
  return `${reportTargetKey(target)}_${reporterUid}`;
}

/** `reports/{reportId}`, typed. */
export function reportRef(id: string): DocumentReference<Report, Report> {
  return doc(typedCollection<Report>(COLLECTIONS.reports), id);
}

/** The document a member's report is: the shape the rules accept (docs/DATA_MODEL.md). */
export function reportFields(
  target: ReportTarget,
  reporterUid: string,
  reason: ReportReason,
  note: string,
): Report {
  const trimmed = note.trim().slice(0, REPORT_NOTE_MAX_LENGTH);
  return {
    reporterUid,
    kind: target.kind,
    targetId: target.targetId,
    replyId: target.kind === 'reply' ? (target.replyId ?? null) : null,
    postId: target.kind === 'comment' || target.kind === 'reply' ? (target.postId ?? null) : null,
    targetKey: reportTargetKey(target),
    reason,
    note: trimmed === '' ? null : trimmed,
    createdAt: serverTimestamp() as never,
  };
}

/**
 * Sends a member's report. A second report of the same thing by the same member is refused by the
 * rules (a report is never changed), which the caller shows as "already reported".
 */
export async function submitReport(
  target: ReportTarget,
  reporterUid: string,
  reason: ReportReason,
  note: string,
): Promise<void> {
  await setDoc(
    reportRef(reportId(target, reporterUid)),
    reportFields(target, reporterUid, reason, note),
  );
}

/** What the report dialog says when a report is refused. */
export function reportErrorMessage(error: unknown): string {
  return (error as { code?: unknown } | null)?.code === 'permission-denied'
    ? 'You have already reported this, or it is no longer there.'
    : 'Your report could not be sent. Please try again.';
}
