import type { MemberCard, UserData } from 'shared-firebase';

/**
 * The posts count a profile shows (docs/DATA_MODEL.md "Counts"): the member's real posts as the
 * feed's function last counted them (`counts.posts`), plus the ids listed in `usersData.posts`
 * since that count (`posts.length - counts.postsListed`: a post just made or deleted, shown at
 * once, before the function runs). A member counted by no function yet shows the list's length.
 * From a member card, the list's length is the card's `postsListLength`.
 */
export function shownPostCount(
  member: Pick<MemberCard, 'counts' | 'postsListLength'> & Partial<Pick<UserData, 'posts'>>,
): number {
  const listed = member.posts?.length ?? member.postsListLength ?? 0;
  const counted = member.counts?.posts;
  const listedThen = member.counts?.postsListed;
  if (counted === undefined || listedThen === undefined) return listed;
  return Math.max(0, counted + listed - listedThen);
}
