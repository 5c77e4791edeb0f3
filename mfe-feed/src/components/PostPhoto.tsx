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

/** Instagram's bounds: boxes from 4:5 (portrait) to 1.91:1 (landscape); the photo is contained. */
const TALLEST = 4 / 5;
const WIDEST = 1.91;

/**
 * A post's photo at its display size. Its box takes the photo's own shape (within Instagram's
 * bounds) before it arrives, so nothing below it moves; posts older than the stored dimensions
 * keep the 4:3 box of feed.css.
 */
export function PostPhoto({ post, priority = false }: PostPhotoProps) {
  const box = postPhotoBox(post);
  const ratio = box ? Math.min(WIDEST, Math.max(TALLEST, box.width / box.height)) : null;
  return (
    <Photo
      className="feed-post__photo"
      src={post.postImage}
      alt={post.postCaption ? `Photo: ${post.postCaption.slice(0, 100)}` : 'Photo'}
      width={box?.width ?? 640}
      height={box?.height ?? 480}
      style={ratio ? { aspectRatio: String(ratio) } : undefined}
      priority={priority}
    />
  );
}
