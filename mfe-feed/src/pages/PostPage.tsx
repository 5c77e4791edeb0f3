import { Link, useParams } from 'react-router-dom';
import { useSignedInUid, useSinglePost } from 'shared-firebase';
import { Spinner } from 'shared-ui';
import { PostCard } from '../components/PostCard';

function SinglePost({ postId, viewerUid }: { postId: string; viewerUid: string }) {
  const result = useSinglePost(postId);
  if (result.status === 'loading') return <Spinner label="Loading the post…" />;
  if (result.status === 'error') return <p role="alert">The post could not be loaded.</p>;
  const post = result.items[0];
  if (!post) {
    return (
      <div className="ui-card feed-notfound">
        <h1>Post not found</h1>
        <p>This post does not exist or has been deleted.</p>
        <Link to="/">Back to your feed</Link>
      </div>
    );
  }
  return (
    <>
      <h1 className="ui-visually-hidden">Post</h1>
      <PostCard post={post} viewerUid={viewerUid} priority />
    </>
  );
}

/** `/post/:postId`: one post, live, with likes and comments; delete is never offered here. */
export function PostPage() {
  const { postId = '' } = useParams();
  const viewerUid = useSignedInUid();
  return (
    <section className="ui-page">
      {viewerUid ? (
        <SinglePost key={postId} postId={postId} viewerUid={viewerUid} />
      ) : (
        <Spinner label="Loading…" />
      )}
    </section>
  );
}
