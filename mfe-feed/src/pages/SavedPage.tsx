import { useSignedInUid } from 'shared-firebase';
import { InfiniteList, Spinner } from 'shared-ui';
import { useSavedPostList } from '../data';
import { PostCard } from '../components/PostCard';
import { FEED_MESSAGES } from '../messages';

const TEXT = {
  loading: 'Loading your saved posts…',
  failed: 'Your saved posts could not be loaded.',
  loadingMore: 'Loading more saved posts…',
  moreFailed: 'More saved posts could not be loaded.',
  empty: FEED_MESSAGES.noSavedPosts,
};

function SavedPosts({ viewerUid }: { viewerUid: string }) {
  const posts = useSavedPostList(viewerUid);
  return (
    <InfiniteList
      list={posts}
      text={TEXT}
      label="Saved posts"
      className="feed-list"
      itemClassName="feed-list__item"
    >
      {(post, index) => <PostCard post={post} viewerUid={viewerUid} priority={index === 0} />}
    </InfiniteList>
  );
}

/**
 * `/saved`: the posts the member saved, the last saved first, live and read page by page as the
 * list scrolls. Only the member sees them; unsaving one here takes it off the list.
 */
export function SavedPage() {
  const viewerUid = useSignedInUid();
  return (
    <section className="ui-page" aria-labelledby="saved-heading">
      <h1 id="saved-heading">Saved posts</h1>
      {viewerUid ? <SavedPosts viewerUid={viewerUid} /> : <Spinner label="Loading…" />}
    </section>
  );
}
