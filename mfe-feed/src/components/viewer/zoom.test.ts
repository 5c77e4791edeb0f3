import { keepInFrame, MAX_SCALE, pan, pinch, settle, swipeOf, UNZOOMED } from './zoom';

describe('pinch', () => {
  it('grows the photo by the change in the fingers’ distance, keeping the point between them still', () => {
    // Fingers 100 px apart around (50, 20) spread to 200 px apart around the same point.
    const zoomed = pinch(
      UNZOOMED,
      [
        { x: 0, y: 20 },
        { x: 100, y: 20 },
      ],
      [
        { x: -50, y: 20 },
        { x: 150, y: 20 },
      ],
    );
    expect(zoomed.scale).toBe(2);
    // The photo's point under (50, 20) was (50, 20) from its centre; it is drawn at 2 × that plus
    // the move, and stays at (50, 20).
    expect(zoomed.x + 2 * 50).toBeCloseTo(50);
    expect(zoomed.y + 2 * 20).toBeCloseTo(20);
  });

  it('follows the fingers when they move together', () => {
    const moved = pinch(
      { scale: 2, x: 0, y: 0 },
      [
        { x: 0, y: 0 },
        { x: 100, y: 0 },
      ],
      [
        { x: 30, y: 40 },
        { x: 130, y: 40 },
      ],
    );
    expect(moved).toEqual({ scale: 2, x: 30, y: 40 });
  });

  it('stays between the fitted size and MAX_SCALE', () => {
    const apart = (d: number) =>
      [
        { x: 0, y: 0 },
        { x: d, y: 0 },
      ] as const;
    expect(pinch(UNZOOMED, apart(100), apart(50)).scale).toBe(1);
    expect(pinch(UNZOOMED, apart(10), apart(1000)).scale).toBe(MAX_SCALE);
    // Two fingers on one spot give no distance to compare: nothing changes.
    expect(pinch(UNZOOMED, apart(0), apart(100))).toBe(UNZOOMED);
  });
});

describe('pan and keepInFrame', () => {
  it('moves a zoomed photo with the finger', () => {
    expect(pan({ scale: 2, x: 5, y: 5 }, { x: 0, y: 0 }, { x: 20, y: -10 })).toEqual({
      scale: 2,
      x: 25,
      y: -5,
    });
  });

  it('stops when the photo’s edge meets the frame’s, and keeps a side smaller than the frame centred', () => {
    // A 400×300 photo at 2× is 800×600 in a 400×800 frame: 200 px of reach sideways, none up or down.
    const frame = { width: 400, height: 800 };
    const photo = { width: 400, height: 300 };
    expect(keepInFrame({ scale: 2, x: 500, y: 90 }, photo, frame)).toEqual({
      scale: 2,
      x: 200,
      y: 0,
    });
    expect(keepInFrame({ scale: 2, x: -500, y: -90 }, photo, frame)).toEqual({
      scale: 2,
      x: -200,
      y: 0,
    });
    expect(keepInFrame({ scale: 2, x: 120, y: 0 }, photo, frame).x).toBe(120);
  });
});

describe('settle', () => {
  it('snaps a nearly unzoomed photo back to fit, and leaves a zoomed one where it is', () => {
    expect(settle({ scale: 1.02, x: 7, y: 3 })).toBe(UNZOOMED);
    expect(settle({ scale: 1.5, x: 7, y: 3 })).toEqual({ scale: 1.5, x: 7, y: 3 });
  });
});

describe('swipeOf', () => {
  it('reads a long sideways drag as a swipe: leftwards to the next photo, rightwards to the previous', () => {
    expect(swipeOf({ x: 100, y: 0 }, { x: 20, y: 10 })).toBe('next');
    expect(swipeOf({ x: 0, y: 0 }, { x: 80, y: -5 })).toBe('previous');
  });

  it('ignores short drags and mostly vertical ones', () => {
    expect(swipeOf({ x: 0, y: 0 }, { x: 40, y: 0 })).toBeNull();
    expect(swipeOf({ x: 0, y: 0 }, { x: 80, y: 70 })).toBeNull();
  });
});
