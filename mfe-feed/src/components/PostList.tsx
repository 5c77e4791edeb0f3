import type { ReactNode } from 'react';
import { isBlockedEitherWay, isHiddenInFeed, MESSAGES, useHiddenMembers } from 'shared-firebase';
import type { PagedQuery, PostCard as PostCardData } from 'shared-firebase';
import { EmptyState, LoadFailure, Spinner, useOnVisible } from 'shared-ui';
import { PostCard } from './PostCard';

export interface PostListProps {
  posts: PagedQuery<PostCardData>;
  viewerUid: string;
  /** Accessible name of the list, e.g. "Your feed". */
  label: string;
  /** What an empty list says (MESSAGES.noPosts unless given). */
  empty?: ReactNode;
  /** The home feed: muted members' posts are left out too, not only blocked ones'. */
  hideMuted?: boolean;
}

/**
 * A live, paged list of post cards. The next page is read when the last card scrolls into view;
 * a loader shows while it loads and a marker shows at the end.
 */
export function PostList({
  posts,
  viewerUid,
  label,
  empty = MESSAGES.noPosts,
  hideMuted = false,
}: PostListProps) {
  const lastItemRef = useOnVisible<HTMLLIElement>(posts.loadMore);
  const hidden = useHiddenMembers();
  const hides = hideMuted ? isHiddenInFeed : isBlockedEitherWay;

  if (posts.status === 'error') {
    return <LoadFailure message="Posts could not be loaded." onRetry={posts.retry} />;
  }
  // Until the viewer's blocks are known, a blocker's or blocked member's post would flash.
  if (posts.status === 'loading' || !hidden.loaded) {
    return (
      <div className="feed-list__loader">
        <Spinner label="Loading posts…" />
      </div>
    );
  }
  const shown = posts.items.filter((post) => !hides(hidden, post.uid));
  if (shown.length === 0) return <EmptyState>{empty}</EmptyState>;

  const lastIndex = shown.length - 1;
  return (
    <>
      <ol className="feed-list" aria-label={label}>
        {shown.map((post, index) => (
          <li key={post.id} ref={index === lastIndex ? lastItemRef : undefined}>
            <PostCard post={post} viewerUid={viewerUid} priority={index === 0} />
          </li>
        ))}
      </ol>
      {posts.loadingMore ? (
        <div className="feed-list__loader">
          <Spinner label="Loading more posts…" />
        </div>
      ) : null}
      {posts.loadMoreError ? (
        <LoadFailure message="More posts could not be loaded." onRetry={posts.retry} />
      ) : null}
      {!posts.hasMore && !posts.loadingMore ? (
        <p className="feed-list__end">You have reached the end.</p>
      ) : null}
    </>
  );
}
