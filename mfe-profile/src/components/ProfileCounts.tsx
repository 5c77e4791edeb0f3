import { LoadFailure } from 'shared-ui';
import { Link } from 'react-router-dom';
import type { LiveUidList } from '../data';
import { followListPath } from '../followLists';

export interface ProfileCountsProps {
  userId: string;
  /** The member's posts, from the live `usersData` (`shownPostCount`, docs/DATA_MODEL.md "Counts"). */
  postsCount: number;
  /** The member's live `Followers` and `Following` lists: their lengths are the counts. */
  followers: LiveUidList;
  following: LiveUidList;
  /** Reads the lists again after a failed read. */
  onRetry: () => void;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

function countOf(list: LiveUidList): number | null {
  return list.status === 'ready' ? list.uids.length : null;
}

/**
 * A profile's posts, followers and following counts, live. Each comes from one document the
 * page reads (no collection is read to count): the posts from `usersData` (the feed's function
 * counts the real posts into it), the others from the lists themselves; see docs/DATA_MODEL.md
 * "Counts".
 */
export function ProfileCounts({
  userId,
  postsCount,
  followers,
  following,
  onRetry,
}: ProfileCountsProps) {
  if (followers.status === 'error' || following.status === 'error') {
    return <LoadFailure message="The follower counts could not be loaded." onRetry={onRetry} />;
  }
  const followersCount = countOf(followers);
  const followingCount = countOf(following);
  return (
    <ul className="profile-counts" aria-label="Counts">
      <li>{plural(postsCount, 'post', 'posts')}</li>
      <li>
        <Link to={followListPath(userId, 'followers')}>
          {followersCount === null
            ? '… followers'
            : plural(followersCount, 'follower', 'followers')}
        </Link>
      </li>
      <li>
        <Link to={followListPath(userId, 'following')}>
          {followingCount === null ? '… following' : `${followingCount} following`}
        </Link>
      </li>
    </ul>
  );
}
