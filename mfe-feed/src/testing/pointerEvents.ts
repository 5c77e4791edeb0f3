import { fireEvent } from '@testing-library/react';

/**
 * jsdom has no PointerEvent: this one carries what the viewer's gestures read (the pointer's id
 * and type on top of a mouse event's position), so Testing Library's pointer events reach React
 * with them. Installed for one test file; `restore` puts jsdom back as it was.
 */
export function installPointerEvents(): { restore: () => void } {
  const had = Object.getOwnPropertyDescriptor(window, 'PointerEvent');
  class FakePointerEvent extends MouseEvent {
    readonly pointerId: number;
    readonly pointerType: string;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerId = init.pointerId ?? 1;
      this.pointerType = init.pointerType ?? 'touch';
    }
  }
  Object.defineProperty(window, 'PointerEvent', { value: FakePointerEvent, configurable: true });
  return {
    restore: () => {
      if (had) Object.defineProperty(window, 'PointerEvent', had);
      else Reflect.deleteProperty(window, 'PointerEvent');
    },
  };
}

/** Touch points, in page pixels, by finger. */
type Fingers = Record<number, { x: number; y: number }>;

function each(
  kind: 'pointerDown' | 'pointerMove' | 'pointerUp',
  target: Element,
  fingers: Fingers,
) {
  for (const [id, { x, y }] of Object.entries(fingers)) {
    fireEvent[kind](target, {
      pointerId: Number(id),
      pointerType: 'touch',
      clientX: x,
      clientY: y,
    });
  }
}

/** Fingers touch `target`, move through each of `path`'s steps, and lift at the last one. */
export function touchGesture(target: Element, start: Fingers, ...path: Fingers[]): void {
  each('pointerDown', target, start);
  for (const step of path) each('pointerMove', target, step);
  each('pointerUp', target, path[path.length - 1] ?? start);
}
