import type { ExplorePost, Post, UserData } from '../model';
import { IMAGE_SIZES } from './imageSizes';
import type { ImageKind, SizeSpec } from './imageSizes';

/** What an `<img>` needs to load the size it shows: `src`, and the other sizes as candidates. */
export interface ImageSources {
  src: string;
  srcSet?: string;
}

function widthOf(kind: ImageKind, name: SizeSpec['name']): number {
  return IMAGE_SIZES[kind].find((size) => size.name === name)!.maxWidth;
}

/**
 * A grid tile of a post (explore): its square thumbnail, with the display image for wide tiles on
 * dense screens. Posts older than the thumbnails show the display image.
 */
export function postTileSources(
  post: Pick<ExplorePost, 'postImage' | 'postThumbnail'>,
): ImageSources {
  if (!post.postThumbnail) return { src: post.postImage };
  return {
    src: post.postThumbnail,
    srcSet: `${post.postThumbnail} ${widthOf('post', 'thumbnail')}w, ${post.postImage} ${widthOf('post', 'display')}w`,
  };
}

/** The display size of a post photo and the box to reserve for it (null for older posts). */
export function postPhotoBox(
  post: Pick<Post, 'postImageWidth' | 'postImageHeight'>,
): { width: number; height: number } | null {
  const { postImageWidth: width, postImageHeight: height } = post;
  return width && height ? { width, height } : null;
}

/**
 * A member's picture: the small size for the top bar and lists, the larger one where it is drawn
 * large; members who chose their picture before the small size existed have only the larger.
 * Null when the member has no picture (the placeholder shows).
 */
export function profilePictureSources(
  pictures: UserData['profilePictures'] | null | undefined,
): ImageSources | null {
  const display = pictures?.profilePicture;
  if (!display) return null;
  const small = pictures.profilePictureSmall;
  if (!small) return { src: display };
  return {
    src: display,
    srcSet: `${small} ${widthOf('profilePicture', 'small')}w, ${display} ${widthOf('profilePicture', 'display')}w`,
  };
}
