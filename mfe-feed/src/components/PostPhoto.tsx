import type { Ref } from 'react';
import { Photo } from 'shared-ui';
import type { ShownPhoto } from './postPhotos';
import { preloadPhotoViewer } from './viewer/LazyPhotoViewer';

export interface PostPhotoProps {
  photo: ShownPhoto;
  /**
   * The size whose shape the frame takes: the photo's own, or in a carousel the first photo's,
   * which the others are cropped to fill.
   */
  frame?: ShownPhoto['size'];
  /** The first photo of the list: the likely largest paint, fetched first and never lazily. */
  priority?: boolean;
  /** Opens the photo full size (the viewer). */
  onOpen: () => void;
  /** The button the viewer gives focus back to when it closes. */
  buttonRef?: Ref<HTMLButtonElement>;
}

/** Instagram's bounds: frames from 4:5 (portrait) to 1.91:1 (landscape). */
const TALLEST = 4 / 5;
const WIDEST = 1.91;

/** The frame's CSS aspect-ratio: the photo's own shape, or the bound it lies beyond. */
function frameRatio({ width, height }: { width: number; height: number }): string {
  const ratio = width / height;
  if (ratio < TALLEST) return '4 / 5';
  if (ratio > WIDEST) return '1.91';
  return `${width} / ${height}`;
}

/**
 * A post's photo at its display size, filling the column. Its frame takes the photo's own shape
 * (within Instagram's bounds; beyond them the photo is cropped to the bound, feed.css) before it
 * arrives, so nothing below it moves; posts older than the stored dimensions get a 4:3 frame with
 * the whole photo inside it. The photo is a button that opens it full size: its name is the
 * photo's description, so a screen reader says what the photo shows and that it opens.
 */
export function PostPhoto({
  photo,
  frame = photo.size,
  priority = false,
  onOpen,
  buttonRef,
}: PostPhotoProps) {
  const box = photo.size ?? frame;
  return (
    <button
      ref={buttonRef}
      type="button"
      className="feed-post__photo-button"
      aria-haspopup="dialog"
      onClick={onOpen}
      // The viewer's code arrives while the finger or pointer is on its way to a click.
      onPointerEnter={preloadPhotoViewer}
      onPointerDown={preloadPhotoViewer}
      onFocus={preloadPhotoViewer}
    >
      <Photo
        className={frame ? 'feed-post__photo' : 'feed-post__photo feed-post__photo--shape-unknown'}
        src={photo.src}
        alt={photo.alt}
        width={box?.width ?? 640}
        height={box?.height ?? 480}
        style={frame ? { aspectRatio: frameRatio(frame) } : undefined}
        priority={priority}
      />
    </button>
  );
}
