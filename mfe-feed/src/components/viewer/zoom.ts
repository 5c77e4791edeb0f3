// The arithmetic of zooming and moving a photo with the fingers, kept apart from the DOM so it can
// be checked by itself. Positions are in CSS pixels from the centre of the viewer's frame, which
// is where the photo's centre sits before it is moved (its transform origin).

export interface Point {
  x: number;
  y: number;
}

export interface Size {
  width: number;
  height: number;
}

/** The photo's transform: `translate(x, y) scale(scale)` around its centre. */
export interface Zoom {
  scale: number;
  x: number;
  y: number;
}

export const UNZOOMED: Zoom = { scale: 1, x: 0, y: 0 };

/** Four times the fitted size: a 1080 px photo on a phone is then well past its own pixels. */
export const MAX_SCALE = 4;

/** Below this the photo snaps back to its fitted size when the fingers lift. */
const SNAP_BACK_SCALE = 1.05;

/** A horizontal movement at least this long, and clearly more sideways than up or down, swipes. */
const SWIPE_DISTANCE = 50;
const SWIPE_SLOPE = 1.5;

const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);
const middle = (a: Point, b: Point): Point => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
// `+ 0` turns -0 (a centred side clamped from below) into 0.
const clamp = (value: number, low: number, high: number) =>
  Math.min(high, Math.max(low, value)) + 0;

/**
 * Two fingers moved from `from` to `to`: the photo grows or shrinks by the change of their
 * distance (between the fitted size and MAX_SCALE), and the point of the photo that was under
 * their middle stays under it, so the photo follows the fingers as a real picture would.
 */
export function pinch(
  start: Zoom,
  from: readonly [Point, Point],
  to: readonly [Point, Point],
): Zoom {
  const before = distance(from[0], from[1]);
  if (before === 0) return start;
  const scale = clamp((start.scale * distance(to[0], to[1])) / before, 1, MAX_SCALE);
  const [m0, m1] = [middle(from[0], from[1]), middle(to[0], to[1])];
  const grown = scale / start.scale;
  return { scale, x: m1.x - (m0.x - start.x) * grown, y: m1.y - (m0.y - start.y) * grown };
}

/** One finger moved a zoomed photo from `from` to `to`. */
export function pan(start: Zoom, from: Point, to: Point): Zoom {
  return { scale: start.scale, x: start.x + to.x - from.x, y: start.y + to.y - from.y };
}

/**
 * Keeps the zoomed photo over the frame: it can be moved until its edge meets the frame's edge,
 * and a side of it smaller than the frame stays centred. `photo` is its fitted (unzoomed) size.
 */
export function keepInFrame(zoom: Zoom, photo: Size, frame: Size): Zoom {
  const reach = (photoSide: number, frameSide: number) =>
    Math.max(0, (photoSide * zoom.scale - frameSide) / 2);
  const reachX = reach(photo.width, frame.width);
  const reachY = reach(photo.height, frame.height);
  return {
    scale: zoom.scale,
    x: clamp(zoom.x, -reachX, reachX),
    y: clamp(zoom.y, -reachY, reachY),
  };
}

/** Where the photo settles when the fingers lift: a nearly unzoomed photo goes back to fit. */
export function settle(zoom: Zoom): Zoom {
  return zoom.scale < SNAP_BACK_SCALE ? UNZOOMED : zoom;
}

/** A finger's path from `from` to `to` on an unzoomed photo: a swipe to a neighbour, or none. */
export function swipeOf(from: Point, to: Point): 'previous' | 'next' | null {
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  if (Math.abs(dx) < SWIPE_DISTANCE || Math.abs(dx) < SWIPE_SLOPE * Math.abs(dy)) return null;
  // The finger drags the photo: leftwards brings the next one in from the right.
  return dx < 0 ? 'next' : 'previous';
}
