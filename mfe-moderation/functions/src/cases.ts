// What a report adds to its case, and what an action makes of it: plain data, no SDK, so the
// rules of the moderation queue are tested alone (cases.test.ts).
import type { ModerationAction, ModerationCase, Report } from 'shared-firebase/server';

/** The case fields a report brings (who wrote the thing and what it said are read apart). */
export type CaseFromReport = Pick<
  ModerationCase,
  'targetKey' | 'kind' | 'targetId' | 'replyId' | 'postId' | 'count' | 'reasons' | 'status'
>;

/**
 * The case after one more report: a new case is open with one report; a further report adds one
 * and its reason, and opens again a case a moderator dismissed (the thing is reported anew). A case
 * closed by a removal or a suspension stays closed.
 */
export function caseWithReport(before: CaseFromReport | null, report: Report): CaseFromReport {
  const reasons = { ...(before?.reasons ?? {}) };
  reasons[report.reason] = (reasons[report.reason] ?? 0) + 1;
  return {
    targetKey: report.targetKey,
    kind: report.kind,
    targetId: report.targetId,
    replyId: report.replyId,
    postId: report.postId,
    count: (before?.count ?? 0) + 1,
    reasons,
    status: !before || before.status === 'dismissed' ? 'open' : before.status,
  };
}

/** What the case's status becomes once an action is carried out. */
export function statusAfter(kind: ModerationAction['kind']): ModerationCase['status'] {
  switch (kind) {
    case 'dismiss':
      return 'dismissed';
    case 'remove':
      return 'removed';
    case 'suspend':
      return 'suspended';
    case 'unsuspend':
      // The member is back; the case waits for a moderator's decision again.
      return 'open';
  }
}

/**
 * The Storage path of a member's file from its download URL (production's or the emulator's
 * `…/v0/b/<bucket>/o/<path>?…`), only when it lies in `<uid>/posts/`: a removal deletes the
 * author's own post files and nothing else a forged URL might name.
 */
export function postFilePath(url: unknown, uid: string): string | null {
  if (typeof url !== 'string') return null;
  const match = /\/v0\/b\/[^/]+\/o\/([^?#]+)/.exec(url);
  if (!match) return null;
  let path: string;
  try {
    path = decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
  const prefix = `${uid}/posts/`;
  return path.startsWith(prefix) && !path.slice(prefix.length).includes('/') ? path : null;
}

/** Every file of a post (its photo, thumbnail and the photos of an album), by Storage path. */
export function postFilePaths(post: Record<string, unknown>, uid: string): string[] {
  const photos = post.photos as { images?: unknown; thumbnails?: unknown } | undefined;
  const urls = [
    post.postImage,
    post.postThumbnail,
    ...(Array.isArray(photos?.images) ? photos.images : []),
    ...(Array.isArray(photos?.thumbnails) ? photos.thumbnails : []),
  ];
  return [...new Set(urls.map((url) => postFilePath(url, uid)).filter((p) => p !== null))];
}
