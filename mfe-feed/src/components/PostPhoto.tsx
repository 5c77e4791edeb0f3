import { postPhotoBox } from 'shared-firebase';
import type { Post } from 'shared-firebase';
import { Photo } from 'shared-ui';

export interface PostPhotoProps {
  post: Pick<Post, 'postImage' | 'postCaption' | 'postImageWidth' | 'postImageHeight'> & {
    postImage: string;
  };
  /** The first photo of the list: the likely largest paint, fetched first and never lazily. */
  priority?: boolean;
}

/** Instagram's bounds: frames from 4:5 (portrait) to 1.91:1 (landscape). */
const TALLEST = 4 / 5;
const WIDEST = 1.91;

/** The frame's CSS aspect-ratio: the photo's own shape, or the bound it lies beyond. */
function frameRatio({ width, height }: { width: number; height: number }): string {
  const ratio = width / height;
  if (ratio < TALLEST) return '4 / 5';
  if (ratio > WIDEST) return '1.91';
  return `${width} / ${height}`;
}

/**
 * A post's photo at its display size, filling the column. Its frame takes the photo's own shape
 * (within Instagram's bounds; beyond them the photo is cropped to the bound, feed.css) before it
 * arrives, so nothing below it moves; posts older than the stored dimensions get a 4:3 frame with
 * the whole photo inside it.
 */
export function PostPhoto({ post, priority = false }: PostPhotoProps) {
  const box = postPhotoBox(post);
  return (
    <Photo
      className={box ? 'feed-post__photo' : 'feed-post__photo feed-post__photo--shape-unknown'}
      src={post.postImage}
      alt={post.postCaption ? `Photo: ${post.postCaption.slice(0, 100)}` : 'Photo'}
      width={box?.width ?? 640}
      height={box?.height ?? 480}
      style={box ? { aspectRatio: frameRatio(box) } : undefined}
      priority={priority}
    />
  );
}
