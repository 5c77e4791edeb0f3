import { LoadFailure } from 'shared-ui';
import { Link } from 'react-router-dom';
import { followListPath } from '../followLists';

export interface ProfileCountsProps {
  userId: string;
  /** The member's posts, from the live `usersData` (`shownPostCount`, docs/DATA_MODEL.md "Counts"). */
  postsCount: number;
  /** The member's followers and following (`storedCount`, the viewer's own edge applied); null: not known yet. */
  followersCount: number | null;
  followingCount: number | null;
  /** A list the counts came from could not be read. */
  failed: boolean;
  /** Reads the profile and the lists again after a failed read. */
  onRetry: () => void;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * A profile's posts, followers and following counts, live, from the one `usersData` document
 * the page reads (the functions count into it; no collection is read to count); see
 * docs/DATA_MODEL.md "Counts".
 */
export function ProfileCounts({
  userId,
  postsCount,
  followersCount,
  followingCount,
  failed,
  onRetry,
}: ProfileCountsProps) {
  if (failed) {
    return <LoadFailure message="The follower counts could not be loaded." onRetry={onRetry} />;
  }
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
