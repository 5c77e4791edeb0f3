import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { ShownPhoto } from '../postPhotos';
import { ChevronIcon, CloseIcon } from './icons';
import { useDialogKeys } from './useDialogKeys';
import { useScrollLock } from './useScrollLock';
import { ZoomablePhoto } from './ZoomablePhoto';

export interface PhotoViewerProps {
  /** The post's photos in order; each keeps its own description. */
  photos: readonly ShownPhoto[];
  /** The photo shown first. */
  startIndex: number;
  /** Escape, the close button or a tap beside the photo: the caller closes the viewer. */
  onClose: () => void;
  /** Told each photo shown, the first included: the post shows the last one once it closes. */
  onShow?: (index: number) => void;
}

/** The dialog's name for assistive technology; the photo's own description is its image's alt. */
export const VIEWER_LABEL = 'Full-size photo';

const clamp = (index: number, count: number) => Math.min(Math.max(index, 0), count - 1);

/**
 * A post's photos full screen: a modal dialog over the page (rendered at the end of the body,
 * above every app's layout), one photo at a time at the largest stored size, zoomed by touch.
 * With several photos, previous and next buttons, the arrow keys and a swipe move between them
 * and the position is announced; with one, none of that shows. Focus moves to the close button
 * on opening and stays inside until the dialog closes (the caller returns it to the photo).
 */
export default function PhotoViewer({ photos, startIndex, onClose, onShow }: PhotoViewerProps) {
  const count = photos.length;
  const [index, setIndex] = useState(() => clamp(startIndex, count));
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const previous = () => setIndex((shown) => clamp(shown - 1, count));
  const next = () => setIndex((shown) => clamp(shown + 1, count));
  useDialogKeys(dialogRef, { onClose, onPrevious: previous, onNext: next });
  useScrollLock();
  useEffect(() => closeRef.current?.focus(), []);
  useEffect(() => onShow?.(index), [index, onShow]);

  const photo = photos[index];
  if (!photo) return null;
  const several = count > 1;
  return createPortal(
    <div
      ref={dialogRef}
      className="feed-viewer"
      role="dialog"
      aria-modal="true"
      aria-label={VIEWER_LABEL}
    >
      <button
        ref={closeRef}
        type="button"
        className="feed-viewer__button feed-viewer__close"
        aria-label="Close"
        onClick={onClose}
      >
        <CloseIcon />
      </button>
      <ZoomablePhoto
        key={index}
        photo={photo}
        onSwipe={(direction) => (direction === 'next' ? next() : previous())}
        onBackgroundTap={onClose}
      />
      {several ? (
        <>
          <p className="feed-viewer__position" aria-live="polite">
            Photo {index + 1} of {count}
          </p>
          {/* aria-disabled, not disabled: a disabled button would drop the focus it holds. */}
          <button
            type="button"
            className="feed-viewer__button feed-viewer__previous"
            aria-label="Previous photo"
            aria-disabled={index === 0}
            onClick={previous}
          >
            <ChevronIcon pointing="left" />
          </button>
          <button
            type="button"
            className="feed-viewer__button feed-viewer__next"
            aria-label="Next photo"
            aria-disabled={index === count - 1}
            onClick={next}
          >
            <ChevronIcon pointing="right" />
          </button>
        </>
      ) : null}
    </div>,
    document.body,
  );
}
