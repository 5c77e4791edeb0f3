import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { installPointerEvents, touchGesture } from '../../testing/pointerEvents';
import type { ShownPhoto } from '../postPhotos';
import { postPhotosOf } from '../postPhotos';
import { LazyPhotoCarousel, PhotoCarouselStill } from './LazyPhotoCarousel';
import { PhotoCarousel } from './PhotoCarousel';
import type { PhotoCarouselProps } from './PhotoCarousel';

const photo = (n: number, width = 1080, height = 810): ShownPhoto => ({
  src: `https://files/${n}.jpg`,
  alt: `Photo number ${n}`,
  size: { width, height },
});
const PHOTOS = [photo(1), photo(2, 800, 1000), photo(3)];

/** The carousel with the index kept by its owner, as the post card keeps it. */
function OwnedCarousel({ photos, onOpen }: { photos: ShownPhoto[]; onOpen: () => void }) {
  const [index, setIndex] = useState(0);
  return <PhotoCarousel photos={photos} index={index} onIndexChange={setIndex} onOpen={onOpen} />;
}

function setup(photos = PHOTOS) {
  const onOpen = jest.fn();
  const user = userEvent.setup();
  render(<OwnedCarousel photos={photos} onOpen={onOpen} />);
  const shown = () =>
    screen.getAllByRole('button', { name: /^Photo number/ }).map((b) => b.textContent);
  return { onOpen, user, shown };
}

/** The photo a sighted member sees: the one whose slide is not inert. */
function visiblePhoto(): string | null {
  const slide = document.querySelector('.feed-carousel__slide:not([inert])');
  return slide?.querySelector('img')?.getAttribute('alt') ?? null;
}

let pointers: { restore: () => void };
beforeAll(() => {
  pointers = installPointerEvents();
});
afterAll(() => pointers.restore());

describe('PhotoCarousel', () => {
  it('moves with its arrow buttons, announcing the position, and goes no further than the ends', async () => {
    const { user } = setup();
    expect(screen.getByRole('region', { name: 'Photos, 3' })).toBeInTheDocument();
    expect(visiblePhoto()).toBe('Photo number 1');
    expect(screen.getByRole('button', { name: 'Previous photo' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await user.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(visiblePhoto()).toBe('Photo number 2');
    expect(screen.getByText('Photo 2 of 3')).toHaveAttribute('aria-live', 'polite');
    await user.click(screen.getByRole('button', { name: 'Next photo' }));
    await user.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(visiblePhoto()).toBe('Photo number 3');
    expect(screen.getByRole('button', { name: 'Next photo' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await user.click(screen.getByRole('button', { name: 'Previous photo' }));
    expect(screen.getByText('Photo 2 of 3')).toBeInTheDocument();
  });

  it('moves with ArrowLeft and ArrowRight while it has the focus, the focus following the photo shown', async () => {
    const { user } = setup();
    await user.tab();
    expect(document.activeElement).toHaveAccessibleName('Photo number 1');
    await user.keyboard('{ArrowRight}');
    expect(visiblePhoto()).toBe('Photo number 2');
    // The photo no longer shown is inert (out of the tab order); the focus moved on with it.
    expect(document.activeElement).toHaveAccessibleName('Photo number 2');
    expect(
      Array.from(document.querySelectorAll('.feed-carousel__slide')).map((slide) =>
        slide.hasAttribute('inert'),
      ),
    ).toEqual([true, false, true]);
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(visiblePhoto()).toBe('Photo number 3');
    await user.keyboard('{ArrowLeft}');
    expect(visiblePhoto()).toBe('Photo number 2');
    // From the arrow buttons too.
    screen.getByRole('button', { name: 'Next photo' }).focus();
    await user.keyboard('{ArrowLeft}');
    expect(visiblePhoto()).toBe('Photo number 1');
    expect(document.activeElement).toHaveAccessibleName('Next photo');
  });

  it('opens the viewer at the photo shown', async () => {
    const { user, onOpen } = setup();
    await user.click(screen.getByRole('button', { name: 'Next photo' }));
    await user.click(screen.getByRole('button', { name: 'Photo number 2' }));
    expect(onOpen).toHaveBeenCalledWith(1);
  });

  it('follows a swipe, and a swipe does not open the photo; a short drag is a tap', () => {
    const { onOpen } = setup();
    const frame = document.querySelector('.feed-carousel__frame')!;
    Object.defineProperty(frame, 'clientWidth', { value: 300 });
    const photoButton = screen.getByRole('button', { name: 'Photo number 1' });
    touchGesture(photoButton, { 1: { x: 250, y: 0 } }, { 1: { x: 150, y: 10 } });
    fireEvent.click(photoButton);
    expect(visiblePhoto()).toBe('Photo number 2');
    expect(onOpen).not.toHaveBeenCalled();
    // Back again, the other way.
    const second = screen.getByRole('button', { name: 'Photo number 2' });
    touchGesture(second, { 2: { x: 50, y: 0 } }, { 2: { x: 200, y: 0 } });
    expect(visiblePhoto()).toBe('Photo number 1');
    // Less than a fifth of the frame: the photo stays, and the tap opens it.
    touchGesture(photoButton, { 3: { x: 100, y: 0 } }, { 3: { x: 140, y: 0 } });
    expect(visiblePhoto()).toBe('Photo number 1');
    fireEvent.click(photoButton);
    touchGesture(photoButton, { 4: { x: 100, y: 0 } }, { 4: { x: 104, y: 0 } });
    fireEvent.click(photoButton);
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(onOpen).toHaveBeenCalledWith(0);
  });

  it('shows the photo its owner says (the viewer closed on it), its dot and its position said', () => {
    const props = { photos: PHOTOS, onIndexChange: jest.fn(), onOpen: jest.fn() };
    const { rerender } = render(<PhotoCarousel {...props} index={0} />);
    const live = document.querySelector('[aria-live="polite"]')!;
    // Arriving on the first photo says nothing.
    expect(live).toHaveTextContent('');
    rerender(<PhotoCarousel {...props} index={2} />);
    expect(visiblePhoto()).toBe('Photo number 3');
    const dots = Array.from(document.querySelectorAll('.feed-carousel__dot'));
    expect(dots.map((dot) => dot.classList.contains('feed-carousel__dot--current'))).toEqual([
      false,
      false,
      true,
    ]);
    expect(live).toHaveTextContent('Photo 3 of 3');
    expect(screen.getByRole('button', { name: 'Next photo' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(props.onIndexChange).not.toHaveBeenCalled();
  });

  it('gives every photo the first one’s frame, so moving along changes no height', () => {
    setup();
    const frames = Array.from(document.querySelectorAll<HTMLImageElement>('.feed-post__photo')).map(
      (image) => image.style.aspectRatio,
    );
    expect(frames).toEqual(['1080 / 810', '1080 / 810', '1080 / 810']);
  });
});

describe('postPhotosOf a post of several photos', () => {
  it('lists the seed’s photo first, then the others with their descriptions or their place', () => {
    const list = (suffix: string) => ['1', '2', '3'].map((n) => `https://files/${n}${suffix}.jpg`);
    const shown = postPhotosOf({
      postImage: 'https://files/1.jpg',
      postImageAlt: 'The beach',
      postCaption: 'Holiday',
      postImageWidth: 1080,
      postImageHeight: 810,
      photos: {
        images: list(''),
        thumbnails: list('-t'),
        widths: [1080, 800, 640],
        heights: [810, 1000, 640],
        alts: [null, 'A boat', null],
      },
    });
    expect(shown).toEqual([
      { src: 'https://files/1.jpg', alt: 'The beach', size: { width: 1080, height: 810 } },
      { src: 'https://files/2.jpg', alt: 'A boat', size: { width: 800, height: 1000 } },
      { src: 'https://files/3.jpg', alt: 'Photo 3 of 3', size: { width: 640, height: 640 } },
    ]);
  });

  it('shows the same boxes before its code has run, moving with its arrows, then takes over', async () => {
    const classesOf = (element: Element) =>
      [element, ...element.querySelectorAll('[class]')].map((node) => node.className).join(' ');
    const props = { photos: PHOTOS, onIndexChange: jest.fn(), onOpen: jest.fn() };
    const loaded = render(<PhotoCarousel {...props} index={1} />);
    const loadedClasses = new Set(classesOf(loaded.container).split(' '));
    const loadedFrame = loaded.container.querySelector('img')?.getAttribute('style');
    loaded.unmount();

    const still = render(<PhotoCarouselStill {...props} index={1} />);
    // Every class the still draws with is one the carousel draws with; the frame is the first
    // photo's shape; the dots mark the same photo.
    for (const name of classesOf(still.container).split(' ')) expect(loadedClasses).toContain(name);
    expect(still.container.querySelector('img')).toHaveAttribute('style', loadedFrame ?? '');
    expect(still.container.querySelector('img')).toHaveAttribute('alt', 'Photo number 2');
    expect(still.container.querySelectorAll('.feed-carousel__dot')).toHaveLength(3);
    expect(still.container.querySelectorAll('.feed-carousel__dot')[1]).toHaveClass(
      'feed-carousel__dot--current',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(props.onIndexChange).toHaveBeenLastCalledWith(2);
    fireEvent.click(screen.getByRole('button', { name: /^Photo number 2/ }));
    expect(props.onOpen).toHaveBeenLastCalledWith(1);
    still.unmount();

    // The lazy carousel shows the still until its code arrives, then the carousel (every slide).
    function OwnedLazy(owned: Pick<PhotoCarouselProps, 'photos' | 'onOpen'>) {
      const [index, setIndex] = useState(0);
      return <LazyPhotoCarousel {...owned} index={index} onIndexChange={setIndex} />;
    }
    render(<OwnedLazy photos={PHOTOS} onOpen={props.onOpen} />);
    expect(screen.getByRole('region', { name: 'Photos, 3' })).toBeInTheDocument();
    await waitFor(() => expect(document.querySelectorAll('.feed-carousel__slide')).toHaveLength(3));
    expect(visiblePhoto()).toBe('Photo number 1');
  });
});
