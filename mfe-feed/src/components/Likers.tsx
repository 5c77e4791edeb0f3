import { NewestFirstList } from 'shared-ui';
import { MemberBadge } from './MemberBadge';

/** How many likers show at first and per "Show more". */
export const LIKERS_PAGE_SIZE = 20;

/**
 * Who liked a post, newest first, each with picture and name linking to their profile. Live: the
 * post's `likes` array is what the card already listens to, so no further read counts anything.
 */
export function Likers({ likes }: { likes: readonly string[] }) {
  return (
    <section className="feed-likers" aria-label="Liked by">
      <NewestFirstList
        items={likes}
        pageSize={LIKERS_PAGE_SIZE}
        emptyText="No likes yet."
        className="feed-likers__list"
      >
        {(uid) => (
          <li key={uid}>
            <MemberBadge uid={uid} avatarSize={28} />
          </li>
        )}
      </NewestFirstList>
    </section>
  );
}
