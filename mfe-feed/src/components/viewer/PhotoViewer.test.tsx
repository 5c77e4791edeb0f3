import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ShownPhoto } from '../postPhotos';
import { installPointerEvents, touchGesture } from '../../testing/pointerEvents';
import PhotoViewer, { VIEWER_LABEL } from './PhotoViewer';

const KITE: ShownPhoto = {
  src: 'https://files.test/kite.jpg',
  alt: 'A red kite above the dunes',
  size: { width: 1080, height: 810 },
};
const BOAT: ShownPhoto = { src: 'https://files.test/boat.jpg', alt: 'A blue boat', size: null };
const GULL: ShownPhoto = {
  src: 'https://files.test/gull.jpg',
  alt: 'A gull on a post',
  size: null,
};

let pointers: { restore: () => void };
beforeAll(() => {
  pointers = installPointerEvents();
});
afterAll(() => pointers.restore());

function open(photos: ShownPhoto[], startIndex = 0) {
  const onClose = jest.fn();
  const user = userEvent.setup();
  const view = render(
    <>
      <button type="button">Behind the viewer</button>
      <PhotoViewer photos={photos} startIndex={startIndex} onClose={onClose} />
    </>,
  );
  const frame = () => screen.getByRole('img').parentElement!;
  return { onClose, user, frame, ...view };
}

describe('PhotoViewer: one photo', () => {
  it('is a labelled modal dialog with the photo full size and its description, focus on Close', () => {
    open([KITE]);
    const dialog = screen.getByRole('dialog', { name: VIEWER_LABEL });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    const photo = screen.getByRole('img', { name: 'A red kite above the dunes' });
    expect(photo).toHaveAttribute('src', KITE.src);
    expect(photo).toHaveAttribute('width', '1080');
    expect(photo).toHaveAttribute('loading', 'eager');
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
  });

  it('shows no previous, next or position with a single photo', () => {
    open([KITE]);
    expect(screen.queryByRole('button', { name: 'Next photo' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Previous photo' })).not.toBeInTheDocument();
    expect(screen.queryByText(/of 1/)).not.toBeInTheDocument();
  });

  it('closes with Escape and with the close button', async () => {
    const { onClose, user } = open([KITE]);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('keeps focus inside: Tab and Shift+Tab stay on its one control, focus sent outside comes back', async () => {
    const { user } = open([KITE]);
    const close = screen.getByRole('button', { name: 'Close' });
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(close).toHaveFocus();
    act(() => screen.getByRole('button', { name: 'Behind the viewer' }).focus());
    expect(close).toHaveFocus();
  });

  it('closes on a tap beside the photo, not on the photo itself or after a drag', () => {
    const { onClose, frame } = open([KITE]);
    fireEvent.pointerDown(screen.getByRole('img'), { pointerId: 1, clientX: 0, clientY: 0 });
    fireEvent.pointerUp(frame(), { pointerId: 1, clientX: 0, clientY: 0 });
    fireEvent.click(frame());
    expect(onClose).not.toHaveBeenCalled();
    touchGesture(frame(), { 1: { x: 0, y: 0 } }, { 1: { x: 30, y: 0 } });
    fireEvent.click(frame());
    expect(onClose).not.toHaveBeenCalled();
    touchGesture(frame(), { 1: { x: 0, y: 0 } }, { 1: { x: 2, y: 1 } });
    fireEvent.click(frame());
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('zooms with two fingers and moves the zoomed photo with one, within the frame', () => {
    const { frame } = open([KITE]);
    const photo = screen.getByRole('img');
    // jsdom lays nothing out: a 400×300 photo in a 400×800 frame.
    Object.defineProperties(photo, {
      offsetWidth: { value: 400 },
      offsetHeight: { value: 300 },
    });
    Object.defineProperties(frame(), { clientWidth: { value: 400 }, clientHeight: { value: 800 } });
    touchGesture(
      frame(),
      { 1: { x: -50, y: 0 }, 2: { x: 50, y: 0 } },
      { 1: { x: -100, y: 0 }, 2: { x: 100, y: 0 } },
    );
    expect(photo.style.transform).toBe('translate(0px, 0px) scale(2)');
    // At 2× the photo is 800 px wide: 200 px of reach each way, none up or down.
    touchGesture(frame(), { 1: { x: 0, y: 0 } }, { 1: { x: 150, y: 40 } });
    expect(photo.style.transform).toBe('translate(150px, 0px) scale(2)');
    touchGesture(frame(), { 1: { x: 0, y: 0 } }, { 1: { x: 300, y: 0 } });
    expect(photo.style.transform).toBe('translate(200px, 0px) scale(2)');
  });

  it('locks the page’s scrolling while open and gives it back when closed', () => {
    const { unmount } = open([KITE]);
    expect(document.documentElement.style.overflow).toBe('hidden');
    unmount();
    expect(document.documentElement.style.overflow).toBe('');
  });
});

describe('PhotoViewer: several photos', () => {
  const position = () => screen.getByText(/^Photo \d of 3$/);
  const shown = () => screen.getByRole('img').getAttribute('alt');

  it('opens at the chosen photo and moves with the buttons, announcing the position', async () => {
    const { user } = open([KITE, BOAT, GULL], 1);
    expect(shown()).toBe('A blue boat');
    expect(position()).toHaveTextContent('Photo 2 of 3');
    expect(position()).toHaveAttribute('aria-live', 'polite');
    await user.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(shown()).toBe('A gull on a post');
    expect(position()).toHaveTextContent('Photo 3 of 3');
    expect(screen.getByRole('button', { name: 'Next photo' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await user.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(shown()).toBe('A gull on a post');
    await user.click(screen.getByRole('button', { name: 'Previous photo' }));
    await user.click(screen.getByRole('button', { name: 'Previous photo' }));
    expect(shown()).toBe('A red kite above the dunes');
    expect(screen.getByRole('button', { name: 'Previous photo' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });

  it('tells each photo it shows, the first included, so the post can show the last one', async () => {
    const onShow = jest.fn();
    const user = userEvent.setup();
    render(
      <PhotoViewer
        photos={[KITE, BOAT, GULL]}
        startIndex={0}
        onClose={jest.fn()}
        onShow={onShow}
      />,
    );
    expect(onShow).toHaveBeenLastCalledWith(0);
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(onShow).toHaveBeenLastCalledWith(2);
    await user.click(screen.getByRole('button', { name: 'Previous photo' }));
    expect(onShow).toHaveBeenLastCalledWith(1);
  });

  it('moves with the arrow keys', async () => {
    const { user } = open([KITE, BOAT, GULL]);
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(shown()).toBe('A gull on a post');
    await user.keyboard('{ArrowLeft}');
    expect(shown()).toBe('A blue boat');
  });

  it('moves with a swipe, and not with a short or vertical drag', () => {
    const { frame } = open([KITE, BOAT, GULL]);
    touchGesture(frame(), { 1: { x: 200, y: 0 } }, { 1: { x: 120, y: 0 } }, { 1: { x: 60, y: 5 } });
    expect(shown()).toBe('A blue boat');
    touchGesture(frame(), { 1: { x: 0, y: 0 } }, { 1: { x: 20, y: 0 } });
    touchGesture(frame(), { 1: { x: 0, y: 0 } }, { 1: { x: 60, y: 200 } });
    expect(shown()).toBe('A blue boat');
    touchGesture(frame(), { 1: { x: 0, y: 0 } }, { 1: { x: 90, y: 0 } });
    expect(shown()).toBe('A red kite above the dunes');
  });

  it('keeps focus cycling through Close, Previous and Next', async () => {
    const { user } = open([KITE, BOAT, GULL]);
    const close = screen.getByRole('button', { name: 'Close' });
    const previous = screen.getByRole('button', { name: 'Previous photo' });
    const next = screen.getByRole('button', { name: 'Next photo' });
    expect(close).toHaveFocus();
    await user.tab();
    expect(previous).toHaveFocus();
    await user.tab();
    expect(next).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(next).toHaveFocus();
  });
});
