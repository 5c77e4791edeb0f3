// Apps type-check this package from source, so its asset module types must travel with it.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./assets.d.ts" />
import type { CSSProperties } from 'react';
import placeholderPhoto from './assets/placeholder-photo.svg';
import { useImageFallback } from './useImageFallback';

export { placeholderPhoto };

export interface PhotoProps {
  src: string;
  /** Other stored sizes as `url <width>w` candidates; the browser picks by `sizes`. */
  srcSet?: string;
  /** How wide the photo is drawn (CSS `sizes`); needed with `srcSet`. */
  sizes?: string;
  alt: string;
  /** The photo's pixel size, so its box is laid out before it arrives (no layout shift). */
  width?: number;
  height?: number;
  className?: string;
  style?: CSSProperties;
  /** The page's main image (the first feed photo): fetched first, never lazily. */
  priority?: boolean;
}

/**
 * A photo with its box reserved, lazy below the fold, and the placeholder when it fails (marked
 * `data-failed`, so the placeholder is drawn whole in whatever frame the photo had: styles.css).
 */
export function Photo({ src, srcSet, sizes, alt, priority = false, ...rest }: PhotoProps) {
  const { shown, failed, onError } = useImageFallback(src, placeholderPhoto);
  return (
    <img
      {...rest}
      src={shown}
      srcSet={failed ? undefined : srcSet}
      sizes={failed ? undefined : sizes}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      onError={failed ? undefined : onError}
      data-failed={failed ? '' : undefined}
    />
  );
}
