import type { RemoteAppProps } from 'shared-ui';
import { useTagPosts } from './data';
import { ParcelFrame } from './components/ParcelFrame';
import { PostList } from './components/PostList';

/** Props of the exposed `./tag-post-list` parcel (documented in mfe-feed/README.md). */
export interface TagPostListProps extends RemoteAppProps {
  /** The tag whose posts to list, normalised as shared-ui's `normaliseTag` gives it, without "#". */
  tag: string;
}

function TagPosts({ tag, viewerUid }: { tag: string; viewerUid: string }) {
  const posts = useTagPosts(tag);
  return (
    <PostList
      posts={posts}
      viewerUid={viewerUid}
      label={`Posts tagged #${tag}`}
      empty={`No posts with #${tag} yet.`}
    />
  );
}

/** The live posts with one tag, newest first, in pages — mounted by other remotes (the tag page). */
export function TagPostList({ tag }: TagPostListProps) {
  return (
    <ParcelFrame>
      {(viewerUid) => <TagPosts key={tag} tag={tag} viewerUid={viewerUid} />}
    </ParcelFrame>
  );
}
