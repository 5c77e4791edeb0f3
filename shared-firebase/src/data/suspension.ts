// What a suspended member's content looks like to every reader: the moderation team's function
// marks it (docs/DATA_MODEL.md "Suspended members"), and each team hides what carries the mark.
// Plain data, no SDK: the pages and the function agree on one definition.

/** The mark on a post, explore entry, comment, activity item or profile of a suspended member. */
export const AUTHOR_SUSPENDED = 'authorSuspended';

/** The list, on a comment, of the suspended members whose replies in its thread are hidden. */
export const SUSPENDED_REPLIERS = 'suspendedRepliers';

/** Whether a document is a suspended member's (and so hidden from everyone else). */
export function hiddenBySuspension(
  data: { authorSuspended?: unknown } | null | undefined,
): boolean {
  return data?.authorSuspended === true;
}

/** Whether one reply of a thread is a suspended member's. */
export function replyHiddenBySuspension(
  comment: { suspendedRepliers?: unknown },
  reply: { userId: string },
): boolean {
  return (
    Array.isArray(comment.suspendedRepliers) && comment.suspendedRepliers.includes(reply.userId)
  );
}
