import { Link } from 'react-router-dom';
import { postTileSources, useMember } from 'shared-firebase';
import type { ExplorePost } from 'shared-firebase';
import { Tile } from 'shared-ui';

export interface ExploreTileProps {
  postId: string;
  authorUid: string;
  photo: Pick<ExplorePost, 'postImage' | 'postThumbnail' | 'postImageAlt' | 'photoCount'>;
  /** In the grid's top row: the first view's largest paint, so fetched first and never lazily. */
  priority?: boolean;
}

/** Three columns at most 935 px wide together (explore.css): a third of the viewport below that. */
const TILE_SIZES = '(max-width: 935px) 33vw, 300px';

/**
 * A post of several photos: the stacked-frames mark in the tile's corner, named for screen
 * readers (it is part of the link's name: "…, 5 photos").
 */
export function MultiPhotoMarker({ count }: { count: number }) {
  return (
    <span className="explore-grid__marker" role="img" aria-label={`${count} photos`}>
      <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <rect
          x="7"
          y="3"
          width="14"
          height="14"
          rx="2"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        />
        <path d="M3 7v12a2 2 0 0 0 2 2h12" fill="none" stroke="currentColor" strokeWidth="2" />
      </svg>
    </span>
  );
}

/**
 * One photo post: a square crop linking to the post. Its alt text (also the link's accessible
 * name) is the author's description of the photo; entries without one carry no caption either,
 * so they name the author, as before descriptions existed. A post of several photos shows its
 * first, marked as one of several.
 */
export function ExploreTile({ postId, authorUid, photo, priority }: ExploreTileProps) {
  const author = useMember(authorUid);
  const authorName = author.status === 'ready' ? author.data.userInfo.userName : null;
  const alt = photo.postImageAlt || (authorName ? `Photo by ${authorName}` : 'Photo post');
  return (
    <Link className="explore-grid__link" to={`/post/${encodeURIComponent(postId)}`}>
      <Tile {...postTileSources(photo)} sizes={TILE_SIZES} alt={alt} priority={priority} />
      {photo.photoCount && photo.photoCount > 1 ? (
        <MultiPhotoMarker count={photo.photoCount} />
      ) : null}
    </Link>
  );
}
