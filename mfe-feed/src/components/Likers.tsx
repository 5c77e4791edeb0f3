import { isMemberHidden, useHiddenMembers, useMember } from 'shared-firebase';
import type { HiddenMembers } from 'shared-firebase';
import { Button, EmptyState, LoadFailure, NewestFirstList, Spinner } from 'shared-ui';
import { useLikeEdges } from '../data';
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

export interface LikersProps {
  postId: string;
  /** The post's `likes` (with the viewer's own like applied). */
  likes: readonly string[];
  /** Whether `likes` lists every liker (`likesComplete` is not false). */
  complete: boolean;
}

/**
 * Who liked a post, newest first, each with picture and name linking to their profile, without
 * the members the viewer does not see (blocked either way, suspended). Live: while the post's
 * `likes` lists every liker, that array, which the card already listens to, so no further read;
 * beyond its bound, the like edges a page at a time.
 */
export function Likers({ postId, likes, complete }: LikersProps) {
  const hidden = useHiddenMembers();
  // Until the viewer's blocks are known, a blocker's or blocked member's name would flash.
  if (!hidden.loaded) {
    return (
      <section className="feed-likers" aria-label="Liked by">
        <Spinner label="Loading who liked this…" />
      </section>
    );
  }
  if (!complete) return <EdgeLikers postId={postId} hidden={hidden} />;
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

/** The likers of a post whose list stopped at its bound: its like edges, newest first, paged. */
function EdgeLikers({ postId, hidden }: { postId: string; hidden: HiddenMembers }) {
  const edges = useLikeEdges(postId);
  const shown = edges.items.filter((edge) => !isMemberHidden(hidden, edge.uid));
  return (
    <section className="feed-likers" aria-label="Liked by">
      {edges.status === 'error' ? (
        <LoadFailure message="Who liked this could not be loaded." onRetry={edges.retry} />
      ) : edges.status === 'ready' && shown.length === 0 && !edges.hasMore ? (
        <EmptyState>No likes yet.</EmptyState>
      ) : (
        <ul className="feed-likers__list">
          {shown.map((edge) => (
            <Liker key={edge.uid} uid={edge.uid} hidden={hidden} />
          ))}
        </ul>
      )}
      {edges.status === 'ready' && edges.hasMore ? (
        <Button variant="secondary" disabled={edges.loadingMore} onClick={edges.loadMore}>
          Show more
        </Button>
      ) : null}
    </section>
  );
}
