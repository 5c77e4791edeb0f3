import { useSignedInUid } from 'shared-firebase';
import { Spinner } from 'shared-ui';
import { useFeed } from '../data';
import { Composer } from '../components/Composer';
import { PostList } from '../components/PostList';

function Feed({ viewerUid }: { viewerUid: string }) {
  const posts = useFeed(viewerUid);
  return <PostList posts={posts} viewerUid={viewerUid} label="Your feed" />;
}

/** Home `/`: the new-post box, then the viewer's live feed. */
export function HomePage() {
  const viewerUid = useSignedInUid();
  return (
    <section className="ui-page">
      <h1 className="ui-visually-hidden">Home feed</h1>
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
