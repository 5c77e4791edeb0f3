import { Component, lazy, Suspense } from 'react';
import type { ReactNode } from 'react';
import { PostPhoto } from '../PostPhoto';
import { ChevronIcon } from '../viewer/icons';
import type { PhotoCarouselProps } from './PhotoCarousel';

/**
 * The carousel's code is a chunk of its own, fetched when a post with several photos is first
 * shown: a feed of single photos never loads it, and a first view that has one does not wait for
 * it (docs/PERFORMANCE.md, "What runs on the first view").
 */
const loadCarousel = () =>
  import('./PhotoCarousel').then((module) => ({ default: module.PhotoCarousel }));

let LoadedCarousel = lazy(loadCarousel);

const clamp = (index: number, count: number) => Math.min(Math.max(index, 0), count - 1);

/**
 * What shows until the carousel's code has run: the same frame, photo, arrows and dots in the same
 * boxes (the classes of PhotoCarousel), so the post neither moves nor changes when it takes over.
 * The photo shown opens the viewer and the arrows move along already; only swiping and the keys
 * wait for the code.
 */
export function PhotoCarouselStill({
  photos,
  index: requestedIndex,
  onIndexChange,
  priority = false,
  onOpen,
  buttonRef,
}: PhotoCarouselProps) {
  const count = photos.length;
  const index = clamp(requestedIndex, count);
  const first = photos[0];
  const shown = photos[index];
  if (!first || !shown) return null;
  return (
    <div
      className="feed-carousel"
      role="region"
      aria-roledescription="carousel"
      aria-label={`Photos, ${count}`}
    >
      <div className="feed-carousel__frame">
        <div className="feed-carousel__track">
          <div className="feed-carousel__slide" aria-roledescription="slide">
            <PostPhoto
              photo={shown}
              frame={first.size}
              priority={priority && index === 0}
              onOpen={() => onOpen(index)}
              buttonRef={buttonRef}
            />
          </div>
        </div>
        <button
          type="button"
          className="feed-carousel__arrow feed-carousel__arrow--previous"
          aria-label="Previous photo"
          aria-disabled={index === 0}
          onClick={() => onIndexChange(clamp(index - 1, count))}
        >
          <ChevronIcon pointing="left" />
        </button>
        <button
          type="button"
          className="feed-carousel__arrow feed-carousel__arrow--next"
          aria-label="Next photo"
          aria-disabled={index === count - 1}
          onClick={() => onIndexChange(clamp(index + 1, count))}
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
    </div>
  );
}

interface BoundaryProps {
  still: ReactNode;
  children: ReactNode;
}

/**
 * When the carousel's code cannot be fetched (offline before it was ever loaded), the post keeps
 * the still carousel, which shows and opens every photo; the next post shown tries afresh.
 */
class CarouselLoadBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error) {
    console.error('The photo carousel could not be loaded', error);
    LoadedCarousel = lazy(loadCarousel);
  }

  override render() {
    return this.state.failed ? this.props.still : this.props.children;
  }
}

/** A post's photos in a carousel, its code fetched when the first such post is shown. */
export function LazyPhotoCarousel(props: PhotoCarouselProps) {
  const still = <PhotoCarouselStill {...props} />;
  return (
    <CarouselLoadBoundary still={still}>
      <Suspense fallback={still}>
        <LoadedCarousel {...props} />
      </Suspense>
    </CarouselLoadBoundary>
  );
}
