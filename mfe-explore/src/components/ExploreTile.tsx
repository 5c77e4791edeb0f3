import { Link } from 'react-router-dom';
import { postTileSources, useMember } from 'shared-firebase';
import type { ExplorePost } from 'shared-firebase';
import { Tile } from 'shared-ui';

export interface ExploreTileProps {
  postId: string;
  authorUid: string;
  photo: Pick<ExplorePost, 'postImage' | 'postThumbnail' | 'postImageAlt'>;
  /** In the grid's top row: the first view's largest paint, so fetched first and never lazily. */
  priority?: boolean;
}

/** Three columns at most 935 px wide together (explore.css): a third of the viewport below that. */
const TILE_SIZES = '(max-width: 935px) 33vw, 300px';

/**
 * One photo post: a square crop linking to the post. Its alt text (also the link's accessible
 * name) is the author's description of the photo; entries without one carry no caption either,
 * so they name the author, as before descriptions existed.
 */
export function ExploreTile({ postId, authorUid, photo, priority }: ExploreTileProps) {
  const author = useMember(authorUid);
  const authorName = author.status === 'ready' ? author.data.userInfo.userName : null;
  const alt = photo.postImageAlt || (authorName ? `Photo by ${authorName}` : 'Photo post');
  return (
    <Link className="explore-grid__link" to={`/post/${encodeURIComponent(postId)}`}>
      <Tile {...postTileSources(photo)} sizes={TILE_SIZES} alt={alt} priority={priority} />
    </Link>
  );
}
