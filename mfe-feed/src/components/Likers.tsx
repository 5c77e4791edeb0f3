import { isMemberHidden, useHiddenMembers, useMember } from 'shared-firebase';
import type { HiddenMembers } from 'shared-firebase';
import { NewestFirstList } from 'shared-ui';
import { MemberBadge } from './MemberBadge';

/** How many likers show at first and per "Show more". */
export const LIKERS_PAGE_SIZE = 20;

/** One liker, left out once their profile shows them suspended. */
function Liker({ uid, hidden }: { uid: string; hidden: HiddenMembers }) {
  const member = useMember(uid);
  if (isMemberHidden(hidden, uid, member.status === 'ready' ? member.data : null)) return null;
  return (
    <li>
      <MemberBadge uid={uid} member={member} avatarSize={28} />
    </li>
  );
}

/**
 * Who liked a post, newest first, each with picture and name linking to their profile, without
 * the members the viewer does not see (blocked either way, suspended). Live: the post's `likes`
 * array is what the card already listens to, so no further read counts anything.
 */
export function Likers({ likes }: { likes: readonly string[] }) {
  const hidden = useHiddenMembers();
  const shown = likes.filter((uid) => !isMemberHidden(hidden, uid));
  return (
    <section className="feed-likers" aria-label="Liked by">
      <NewestFirstList
        items={shown}
        pageSize={LIKERS_PAGE_SIZE}
        emptyText="No likes yet."
        className="feed-likers__list"
      >
        {(uid) => <Liker key={uid} uid={uid} hidden={hidden} />}
      </NewestFirstList>
    </section>
  );
}
