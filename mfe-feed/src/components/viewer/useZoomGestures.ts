import { useRef, useState } from 'react';
import type { PointerEvent, RefObject } from 'react';
import { keepInFrame, pan, pinch, settle, swipeOf, UNZOOMED } from './zoom';
import type { Point, Zoom } from './zoom';

/** A pointer that travels less than this (CSS px) has tapped, not dragged. */
const TAP_SLOP = 10;

export interface ZoomGestureOptions {
  /** The frame the photo is centred in; it receives the pointer events. */
  frameRef: RefObject<HTMLElement | null>;
  /** A swipe across an unzoomed photo. */
  onSwipe: (direction: 'previous' | 'next') => void;
  /** A tap on the frame around the photo (not on the photo, not a drag). */
  onBackgroundTap: () => void;
}

/** The pointers down and the photo's transform when their number last changed. */
interface Baseline {
  zoom: Zoom;
  points: Point[];
}

/**
 * Touch gestures on the viewer's photo, from pointer events (the frame has `touch-action: none`,
 * so the browser leaves them to us): two fingers zoom around their middle, one finger moves a
 * zoomed photo within the frame or swipes an unzoomed one to its neighbour, and a tap beside the
 * photo closes. Returns the photo's transform, whether a gesture is under way (no easing then),
 * and the frame's event handlers.
 */
export function useZoomGestures({ frameRef, onSwipe, onBackgroundTap }: ZoomGestureOptions) {
  const [zoom, setZoom] = useState<Zoom>(UNZOOMED);
  const [dragging, setDragging] = useState(false);
  const current = useRef<Zoom>(UNZOOMED);
  const pointers = useRef(new Map<number, Point>());
  const baseline = useRef<Baseline>({ zoom: UNZOOMED, points: [] });
  const moved = useRef(false);
  /** Two fingers were down during this gesture: a pinch, which never ends as a swipe. */
  const pinched = useRef(false);
  const downOnBackground = useRef(false);

  const show = (next: Zoom) => {
    current.current = next;
    setZoom(next);
  };

  /** A pointer's position from the frame's centre. */
  const pointOf = (event: PointerEvent): Point => {
    const rect = event.currentTarget.getBoundingClientRect();
    return {
      x: event.clientX - rect.left - rect.width / 2,
      y: event.clientY - rect.top - rect.height / 2,
    };
  };

  /** The zoom kept over the frame, measured from the photo's fitted (untransformed) box. */
  const inFrame = (next: Zoom): Zoom => {
    const frame = frameRef.current;
    const photo = frame?.querySelector('img');
    if (!frame || !photo) return next;
    return keepInFrame(
      next,
      { width: photo.offsetWidth, height: photo.offsetHeight },
      { width: frame.clientWidth, height: frame.clientHeight },
    );
  };

  const restartFromHere = () => {
    baseline.current = { zoom: current.current, points: [...pointers.current.values()] };
  };

  const onPointerDown = (event: PointerEvent) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    // Moves outside the frame still belong to this gesture.
    event.currentTarget.setPointerCapture?.(event.pointerId);
    if (pointers.current.size === 0) {
      moved.current = false;
      pinched.current = false;
      downOnBackground.current = event.target === event.currentTarget;
    } else {
      moved.current = true;
      pinched.current = true;
    }
    pointers.current.set(event.pointerId, pointOf(event));
    restartFromHere();
    setDragging(true);
  };

  const onPointerMove = (event: PointerEvent) => {
    if (!pointers.current.has(event.pointerId)) return;
    pointers.current.set(event.pointerId, pointOf(event));
    const points = [...pointers.current.values()];
    const { zoom: start, points: from } = baseline.current;
    const [a, b] = points;
    const [fromA, fromB] = from;
    if (!a || !fromA) return;
    if (Math.hypot(a.x - fromA.x, a.y - fromA.y) > TAP_SLOP) moved.current = true;
    if (b && fromB) show(inFrame(pinch(start, [fromA, fromB], [a, b])));
    else if (start.scale > 1) show(inFrame(pan(start, fromA, a)));
    // Unzoomed, the photo follows the finger sideways, as a swipe.
    else show({ scale: 1, x: a.x - fromA.x, y: 0 });
  };

  const onPointerEnd = (event: PointerEvent) => {
    const last = pointers.current.get(event.pointerId);
    if (!last) return;
    pointers.current.delete(event.pointerId);
    if (pointers.current.size > 0) {
      restartFromHere();
      return;
    }
    setDragging(false);
    const { zoom: start, points: from } = baseline.current;
    const unzoomedDrag = start.scale === 1 && !pinched.current && from[0];
    const swipe = event.type === 'pointerup' && unzoomedDrag ? swipeOf(unzoomedDrag, last) : null;
    show(unzoomedDrag ? UNZOOMED : settle(current.current));
    if (swipe) onSwipe(swipe);
  };

  const onClick = () => {
    if (downOnBackground.current && !moved.current) onBackgroundTap();
  };

  return {
    zoom,
    dragging,
    handlers: {
      onPointerDown,
      onPointerMove,
      onPointerUp: onPointerEnd,
      onPointerCancel: onPointerEnd,
      onClick,
      // A dragged image would start the browser's own drag and drop instead of these gestures.
      onDragStart: (event: { preventDefault: () => void }) => event.preventDefault(),
    },
  };
}
