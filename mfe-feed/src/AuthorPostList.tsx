import type { RemoteAppProps } from 'shared-ui';
import { useAuthorPosts } from './data';
import { ParcelFrame } from './components/ParcelFrame';
import { PostList } from './components/PostList';

/** Props of the exposed `./post-list` parcel (documented in mfe-feed/README.md). */
export interface AuthorPostListProps extends RemoteAppProps {
  /** Whose posts to list. */
  authorUid: string;
}

function AuthorPosts({ authorUid, viewerUid }: { authorUid: string; viewerUid: string }) {
  const posts = useAuthorPosts(authorUid, viewerUid);
  return <PostList posts={posts} viewerUid={viewerUid} label="Posts" />;
}

/** One author's live posts, newest first, in pages — mounted by other remotes (the profile page). */
export function AuthorPostList({ authorUid }: AuthorPostListProps) {
  return (
    <ParcelFrame>
      {(viewerUid) => <AuthorPosts key={authorUid} authorUid={authorUid} viewerUid={viewerUid} />}
    </ParcelFrame>
  );
}
