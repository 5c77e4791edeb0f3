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

/** The photos a post shows, in order: none for a text post, today one for a photo post. */
export function postPhotosOf(
  post: Pick<
    Post,
    'postImage' | 'postImageAlt' | 'postCaption' | 'postImageWidth' | 'postImageHeight'
  >,
): ShownPhoto[] {
  if (!post.postImage) return [];
  return [{ src: post.postImage, alt: photoAltOf(post), size: postPhotoBox(post) }];
}
