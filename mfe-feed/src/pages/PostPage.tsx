import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import {
  hiddenBySuspension,
  isBlockedEitherWay,
  useHiddenMembers,
  useSignedInUid,
} from 'shared-firebase';
import { LoadFailure, Spinner } from 'shared-ui';
import { useSinglePost } from '../data';
import { PostCard } from '../components/PostCard';

interface SinglePostProps {
  postId: string;
  viewerUid: string;
  onRetry: () => void;
}

function SinglePost({ postId, viewerUid, onRetry }: SinglePostProps) {
  const result = useSinglePost(postId);
  const hidden = useHiddenMembers();
  // Until the viewer's blocks are known, a blocker's post would show before it turns unavailable.
  if (result.status === 'loading' || !hidden.loaded) return <Spinner label="Loading the post…" />;
  if (result.status === 'error') {
    return <LoadFailure message="The post could not be loaded." onRetry={onRetry} />;
  }
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
  // A suspended member's post, or one across a block either way: nothing of it is shown.
  if (hiddenBySuspension(post) || isBlockedEitherWay(hidden, post.uid)) {
    return (
      <div className="ui-card feed-notfound">
        <h1>Post unavailable</h1>
        <p>This post is unavailable.</p>
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
  // A new key remounts the post's subscription: Retry reads it again.
  const [attempt, setAttempt] = useState(0);
  return (
    <section className="ui-page">
      {viewerUid ? (
        <SinglePost
          key={`${postId}-${attempt}`}
          postId={postId}
          viewerUid={viewerUid}
          onRetry={() => setAttempt((count) => count + 1)}
        />
      ) : (
        <Spinner label="Loading…" />
      )}
    </section>
  );
}
