import { BrowserRouter } from 'react-router-dom';
import { useSignedInUid } from 'shared-firebase';
import type { RemoteAppProps } from 'shared-ui';
import { Spinner } from 'shared-ui';
import { useAuthorPosts } from './data';
import { PostList } from './components/PostList';

/** Props of the exposed `./post-list` parcel (documented in mfe-feed/README.md). */
export interface AuthorPostListProps extends RemoteAppProps {
  /** Whose posts to list. */
  authorUid: string;
}

function AuthorPosts({ authorUid, viewerUid }: { authorUid: string; viewerUid: string }) {
  const posts = useAuthorPosts(authorUid);
  return <PostList posts={posts} viewerUid={viewerUid} label="Posts" />;
}

/**
 * One author's live posts, newest first, in pages — mounted by other remotes (the profile page).
 * A parcel is its own React root, so it brings its own router for the cards' links.
 */
export function AuthorPostList({ authorUid }: AuthorPostListProps) {
  const viewerUid = useSignedInUid();
  return (
    <BrowserRouter>
      {viewerUid ? (
        <AuthorPosts key={authorUid} authorUid={authorUid} viewerUid={viewerUid} />
      ) : (
        <Spinner label="Loading…" />
      )}
    </BrowserRouter>
  );
}
