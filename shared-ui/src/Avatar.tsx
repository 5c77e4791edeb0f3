// Apps type-check this package from source, so its asset module types must travel with it.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./assets.d.ts" />
import placeholderAvatar from './assets/placeholder-avatar.svg';
import { useImageFallback } from './useImageFallback';

export { placeholderAvatar };

export interface AvatarProps {
  /** The member's picture URL; the placeholder image is shown when it is missing or fails. */
  src?: string | null;
  /** The picture's stored sizes as `url <width>w` candidates; picked for the drawn size. */
  srcSet?: string;
  /** Alt text; empty when a visible name sits next to the picture. */
  alt: string;
  size?: number;
  className?: string;
}

export function Avatar({ src, srcSet, alt, size = 40, className }: AvatarProps) {
  const { shown, failed, onError } = useImageFallback(src, placeholderAvatar);
  return (
    <img
      className={['ui-avatar', className].filter(Boolean).join(' ')}
      src={shown}
      srcSet={failed ? undefined : srcSet}
      sizes={failed || !srcSet ? undefined : `${size}px`}
      alt={alt}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      onError={failed ? undefined : onError}
    />
  );
}
