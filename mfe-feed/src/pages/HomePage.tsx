import { Link } from 'react-router-dom';
import REMOTES from 'remote-list/remotes.json';
import { useSignedInUid } from 'shared-firebase';
import { Spinner } from 'shared-ui';
import { useFeed } from '../data';
import { Composer } from '../components/Composer';
import { PostList } from '../components/PostList';

function Feed({ viewerUid }: { viewerUid: string }) {
  const posts = useFeed(viewerUid);
  return <PostList posts={posts} viewerUid={viewerUid} label="Your feed" hideMuted />;
}

/**
 * Home `/`: the way to the member's saved posts, the new-post box, then the viewer's live feed.
 * The saved posts are the feed's own page, so their link is here rather than in the shell's bar.
 */
export function HomePage() {
  const viewerUid = useSignedInUid();
  return (
    <section className="ui-page">
      <h1 className="ui-visually-hidden">Home feed</h1>
      <nav className="feed-home-nav" aria-label="Your posts">
        <Link to={REMOTES.feed.routes.saved.path}>Saved posts</Link>
      </nav>
      {viewerUid ? (
        <>
          <Composer authorUid={viewerUid} />
          <Feed viewerUid={viewerUid} />
        </>
      ) : (
        <Spinner label="Loading…" />
      )}
    </section>
  );
}
