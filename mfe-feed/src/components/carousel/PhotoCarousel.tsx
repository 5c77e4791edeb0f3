import { useEffect, useRef, useState } from 'react';
import type { KeyboardEvent, PointerEvent, Ref } from 'react';
import { PostPhoto } from '../PostPhoto';
import type { ShownPhoto } from '../postPhotos';
import { ChevronIcon } from '../viewer/icons';

export interface PhotoCarouselProps {
  /** Two or more photos, in the post's order. */
  photos: readonly ShownPhoto[];
  /** The photo shown: the post keeps it, so closing the viewer on another one shows that one. */
  index: number;
  /** The member moved to another photo. */
  onIndexChange: (index: number) => void;
  /** The first card of a list: its first photo is fetched first. */
  priority?: boolean;
  /** Opens the viewer at the photo shown. */
  onOpen: (index: number) => void;
  /** The shown photo's button, which the viewer gives focus back to. */
  buttonRef?: Ref<HTMLButtonElement>;
}

/** How far a finger must travel sideways, as a share of the frame's width, to change photo. */
const SWIPE_SHARE = 0.2;
/** Sideways travel (px) beyond which the gesture is a swipe, not a tap that opens the photo. */
const TAP_SLOP_PX = 10;

const clamp = (index: number, count: number) => Math.min(Math.max(index, 0), count - 1);

/** What a screen reader hears when the photo shown changes. */
export function positionText(index: number, count: number): string {
  return `Photo ${index + 1} of ${count}`;
}

/**
 * A post's photos, one at a time, in a frame of the first photo's shape (within the product's
 * bounds, PostPhoto), so the card's height is known before any photo arrives and never changes
 * as the member moves along; the others are cropped to fill that frame, as Instagram does, and
 * are seen whole in the full-screen viewer. Moving: a swipe (pointer events: touch, pen or a
 * mouse drag), the previous and next buttons, ArrowLeft and ArrowRight while anything in it has
 * the focus. The dots show where one is; a polite live region says it ("Photo 2 of 5"). Photos
 * not shown are inert: out of the tab order and of what a screen reader reads. The photo shown is
 * its owner's (`index`), so the post can show the one the full-screen viewer was closed on.
 */
export function PhotoCarousel({
  photos,
  index: requestedIndex,
  onIndexChange,
  priority = false,
  onOpen,
  buttonRef,
}: PhotoCarouselProps) {
  const count = photos.length;
  const index = clamp(requestedIndex, count);
  const [dragPx, setDragPx] = useState(0);
  // Every change of the photo shown is said, whoever made it (a move here, or the viewer closed
  // on another photo); the first photo on arrival is not.
  const [announcedIndex, setAnnouncedIndex] = useState(index);
  const [announced, setAnnounced] = useState('');
  if (announcedIndex !== index) {
    setAnnouncedIndex(index);
    setAnnounced(positionText(index, count));
  }
  const frameRef = useRef<HTMLDivElement>(null);
  const drag = useRef<{ pointerId: number; startX: number; moved: boolean } | null>(null);
  // A swipe ends with a click on the photo under the finger: that click does not open it.
  const swallowClick = useRef(false);

  const trackRef = useRef<HTMLDivElement>(null);
  // A photo that stops being shown turns inert, which would drop a focus it holds: the focus
  // follows to the photo shown instead.
  const focusFollows = useRef(false);

  const go = (target: number) => {
    const next = clamp(target, count);
    if (next === index) return;
    focusFollows.current = trackRef.current?.contains(document.activeElement) ?? false;
    onIndexChange(next);
  };

  useEffect(() => {
    if (!focusFollows.current) return;
    focusFollows.current = false;
    // Not scrolled into view: while the track slides, that would scroll the frame off it.
    trackRef.current?.children[index]?.querySelector('button')?.focus({ preventScroll: true });
  }, [index]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') go(index - 1);
    else if (event.key === 'ArrowRight') go(index + 1);
    else return;
    event.preventDefault();
  };

  const onPointerDown = (event: PointerEvent) => {
    if (event.button !== 0) return;
    drag.current = { pointerId: event.pointerId, startX: event.clientX, moved: false };
  };
  const onPointerMove = (event: PointerEvent) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    const dx = event.clientX - current.startX;
    if (!current.moved && Math.abs(dx) > TAP_SLOP_PX) {
      current.moved = true;
      frameRef.current?.setPointerCapture?.(event.pointerId);
    }
    if (current.moved) setDragPx(dx);
  };
  const endDrag = (event: PointerEvent) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    drag.current = null;
    setDragPx(0);
    if (!current.moved) return;
    swallowClick.current = true;
    const dx = event.clientX - current.startX;
    const width = frameRef.current?.clientWidth || 1;
    if (Math.abs(dx) >= width * SWIPE_SHARE) go(dx < 0 ? index + 1 : index - 1);
  };

  const first = photos[0];
  if (!first) return null;
  return (
    <div
      className="feed-carousel"
      role="region"
      aria-roledescription="carousel"
      aria-label={`Photos, ${count}`}
      onKeyDown={onKeyDown}
    >
      <div
        ref={frameRef}
        className="feed-carousel__frame"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        onClickCapture={(event) => {
          if (!swallowClick.current) return;
          swallowClick.current = false;
          event.preventDefault();
          event.stopPropagation();
        }}
      >
        <div
          ref={trackRef}
          className={
            dragPx ? 'feed-carousel__track feed-carousel__track--dragging' : 'feed-carousel__track'
          }
          style={{ transform: `translateX(calc(${-index * 100}% + ${dragPx}px))` }}
        >
          {photos.map((photo, position) => (
            <div
              key={position}
              className="feed-carousel__slide"
              inert={position !== index}
              aria-roledescription="slide"
            >
              <PostPhoto
                photo={photo}
                frame={first.size}
                priority={priority && position === 0}
                onOpen={() => onOpen(position)}
                buttonRef={position === index ? buttonRef : undefined}
              />
            </div>
          ))}
        </div>
        {/* aria-disabled, not disabled: a disabled button would drop the focus it holds. */}
        <button
          type="button"
          className="feed-carousel__arrow feed-carousel__arrow--previous"
          aria-label="Previous photo"
          aria-disabled={index === 0}
          onClick={() => go(index - 1)}
        >
          <ChevronIcon pointing="left" />
        </button>
        <button
          type="button"
          className="feed-carousel__arrow feed-carousel__arrow--next"
          aria-label="Next photo"
          aria-disabled={index === count - 1}
          onClick={() => go(index + 1)}
        >
          <ChevronIcon pointing="right" />
        </button>
      </div>
      <div className="feed-carousel__dots" aria-hidden="true">
        {photos.map((_, position) => (
          <span
            key={position}
            className={
              position === index
                ? 'feed-carousel__dot feed-carousel__dot--current'
                : 'feed-carousel__dot'
            }
          />
        ))}
      </div>
      <p className="ui-visually-hidden" aria-live="polite" aria-atomic="true">
        {announced}
      </p>
    </div>
  );
}
