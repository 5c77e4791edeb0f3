/**
 * The sizes each screen needs (docs/DATA_MODEL.md "Image sizes"). A photo is never enlarged; a
 * `square` size is cropped to its centre square first.
 */
export interface SizeSpec {
  /** Which stored object this is; `display` is the one the seed's fields keep naming. */
  name: 'display' | 'thumbnail' | 'small';
  /** The longest the width may be, in pixels. */
  maxWidth: number;
  /** The longest the height may be, in pixels. */
  maxHeight: number;
  square: boolean;
}

export type ImageKind = 'post' | 'profilePicture' | 'profileCover';

export const IMAGE_SIZES: Record<ImageKind, readonly SizeSpec[]> = {
  // The feed and post page show the display size (≤ 1080 px, Instagram's width); explore tiles
  // and grids the 320 px square.
  post: [
    { name: 'display', maxWidth: 1080, maxHeight: 1080, square: false },
    { name: 'thumbnail', maxWidth: 320, maxHeight: 320, square: true },
  ],
  // Avatars are round, so both sizes are squares: 256 px for the profile page (120 CSS px at
  // 2x), 96 px for the top bar and lists (40–48 CSS px at 2x).
  profilePicture: [
    { name: 'display', maxWidth: 256, maxHeight: 256, square: true },
    { name: 'small', maxWidth: 96, maxHeight: 96, square: true },
  ],
  profileCover: [{ name: 'display', maxWidth: 1500, maxHeight: 1500, square: false }],
};

/**
 * JPEG quality of every stored size. 0.82 keeps a 1080 px phone photo at about 150–250 KB with no
 * visible loss (measured by the bench, docs/PERFORMANCE.md); PNG is kept only where it is smaller.
 */
export const JPEG_QUALITY = 0.82;
