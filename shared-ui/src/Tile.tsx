import { Photo } from './Photo';

export interface TileProps {
  src: string;
  /** Larger stored sizes as `url <width>w` candidates, for wide tiles on dense screens. */
  srcSet?: string;
  /** How wide the tile is drawn (CSS `sizes`). */
  sizes?: string;
  alt: string;
  className?: string;
}

/**
 * A square-cropped, lazy-loaded picture; the square is reserved before the image arrives, and a
 * picture that fails shows the placeholder.
 */
export function Tile({ src, srcSet, sizes, alt, className }: TileProps) {
  return (
    <span className={['ui-tile', className].filter(Boolean).join(' ')}>
      <Photo className="ui-tile__image" src={src} srcSet={srcSet} sizes={sizes} alt={alt} />
    </span>
  );
}
