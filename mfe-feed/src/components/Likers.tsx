import { EmptyState, Button, useNewestFirstPages } from 'shared-ui';
import { MemberBadge } from './MemberBadge';

/** How many likers show at first and per "Show more". */
export const LIKERS_PAGE_SIZE = 20;

/**
 * Who liked a post, newest first, each with picture and name linking to their profile. Live: the
 * post's `likes` array is what the card already listens to, so no further read counts anything.
 */
export function Likers({ likes }: { likes: readonly string[] }) {
  const { shown, hasMore, showMore } = useNewestFirstPages(likes, LIKERS_PAGE_SIZE);
  return (
    <section className="feed-likers" aria-label="Liked by">
      {shown.length === 0 ? (
        <EmptyState>No likes yet.</EmptyState>
      ) : (
        <ul className="feed-likers__list">
          {shown.map((uid) => (
            <li key={uid}>
              <MemberBadge uid={uid} avatarSize={28} />
            </li>
          ))}
        </ul>
      )}
      {hasMore ? (
        <Button variant="secondary" onClick={showMore}>
          Show more
        </Button>
      ) : null}
    </section>
  );
}
