// Apps type-check this package from source, so its asset module types must travel with it.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./assets.d.ts" />
import placeholderAvatar from './assets/placeholder-avatar.svg';

export { placeholderAvatar };

export interface AvatarProps {
  /** The member's picture URL; the placeholder image is shown when it is missing. */
  src?: string | null;
  /** Alt text; empty when a visible name sits next to the picture. */
  alt: string;
  size?: number;
  className?: string;
}

export function Avatar({ src, alt, size = 40, className }: AvatarProps) {
  return (
    <img
      className={['ui-avatar', className].filter(Boolean).join(' ')}
      src={src || placeholderAvatar}
      alt={alt}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
    />
  );
}
