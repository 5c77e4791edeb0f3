import { Photo } from './Photo';

export interface TileProps {
  src: string;
  /** Larger stored sizes as `url <width>w` candidates, for wide tiles on dense screens. */
  srcSet?: string;
  /** How wide the tile is drawn (CSS `sizes`). */
  sizes?: string;
  alt: string;
  className?: string;
  /** A tile in the first view's top row: fetched first, never lazily (see Photo). */
  priority?: boolean;
}

/**
 * A square-cropped, lazy-loaded picture; the square is reserved before the image arrives, and a
 * picture that fails shows the placeholder.
 */
export function Tile({ src, srcSet, sizes, alt, className, priority }: TileProps) {
  return (
    <span className={['ui-tile', className].filter(Boolean).join(' ')}>
      <Photo
        className="ui-tile__image"
        src={src}
        srcSet={srcSet}
        sizes={sizes}
        alt={alt}
        priority={priority}
      />
    </span>
  );
}
