export interface TileProps {
  src: string;
  alt: string;
  className?: string;
}

/** A square-cropped, lazy-loaded picture; the square is reserved before the image arrives. */
export function Tile({ src, alt, className }: TileProps) {
  return (
    <span className={['ui-tile', className].filter(Boolean).join(' ')}>
      <img className="ui-tile__image" src={src} alt={alt} loading="lazy" decoding="async" />
    </span>
  );
}
