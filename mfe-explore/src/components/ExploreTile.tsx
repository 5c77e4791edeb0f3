import { Link } from 'react-router-dom';
import { useMember } from 'shared-firebase';
import { Tile } from 'shared-ui';

export interface ExploreTileProps {
  postId: string;
  authorUid: string;
  image: string;
}

/**
 * One photo post: a square crop linking to the post. Explore entries carry no caption, so the alt
 * text names the author (it is also the link's accessible name).
 */
export function ExploreTile({ postId, authorUid, image }: ExploreTileProps) {
  const author = useMember(authorUid);
  const authorName = author.status === 'ready' ? author.data.userInfo.userName : null;
  const alt = authorName ? `Photo by ${authorName}` : 'Photo post';
  return (
    <Link className="explore-grid__link" to={`/post/${encodeURIComponent(postId)}`}>
      <Tile src={image} alt={alt} />
    </Link>
  );
}
