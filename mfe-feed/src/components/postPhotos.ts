import { postPhotoBox } from 'shared-firebase';
import type { Post } from 'shared-firebase';

/**
 * One photo as a post shows it: the largest size the product stores (the display size, long edge
 * ≤ 1080 px; no original is kept), what a screen reader says for it, and its pixel size when the
 * post stored one. The card shows it in its frame and the full-screen viewer takes a list of them.
 */
export interface ShownPhoto {
  src: string;
  alt: string;
  /** The stored pixel size; null on posts from before sizes were stored. */
  size: { width: number; height: number } | null;
}

/** How much of the caption stands in for a photo that has no description. */
const CAPTION_IN_ALT = 100;

/**
 * The author's description of the photo, or, when there is none (posts from before descriptions,
 * or the author wrote none), what the feed has always said: the caption's start, or "Photo".
 */
export function photoAltOf(post: Pick<Post, 'postImageAlt' | 'postCaption'>): string {
  if (post.postImageAlt) return post.postImageAlt;
  return post.postCaption ? `Photo: ${post.postCaption.slice(0, CAPTION_IN_ALT)}` : 'Photo';
}

/** What a post shows of its photos: the seed's fields of the first, and the list of all. */
export type PhotoFields = Pick<
  Post,
  'postImage' | 'postImageAlt' | 'postCaption' | 'postImageWidth' | 'postImageHeight' | 'photos'
>;

/**
 * The photos a post shows, in order: none for a text post, one for a post of one photo, all of
 * them for a post of several (docs/DATA_MODEL.md "Several photos"). The first photo is always the
 * seed's fields (its description is postImageAlt, the one an edit changes); the others come from
 * the parallel lists, each with the author's description or, without one, its place in the post.
 */
export function postPhotosOf(post: PhotoFields): ShownPhoto[] {
  if (!post.postImage) return [];
  const first: ShownPhoto = {
    src: post.postImage,
    alt: photoAltOf(post),
    size: postPhotoBox(post),
  };
  const photos = post.photos;
  if (!photos || photos.images.length < 2) return [first];
  const count = photos.images.length;
  return [
    first,
    ...photos.images.slice(1).map((src, offset) => {
      const index = offset + 1;
      const width = photos.widths[index];
      const height = photos.heights[index];
      return {
        src,
        alt: photos.alts[index] ?? `Photo ${index + 1} of ${count}`,
        size: width && height ? { width, height } : null,
      };
    }),
  ];
}
