import { useEffect, useRef } from 'react';
import type { RefObject } from 'react';

export interface DialogKeyHandlers {
  onClose: () => void;
  onPrevious: () => void;
  onNext: () => void;
}

const FOCUSABLE = 'button, [href], input, select, textarea, [tabindex]:not([tabindex="-1"])';

function focusablesIn(dialog: HTMLElement): HTMLElement[] {
  return [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => !element.hasAttribute('disabled'),
  );
}

/**
 * A modal dialog's keyboard: Escape closes, the arrow keys go to the previous or next photo, and
 * focus stays inside (Tab past the last control comes back to the first and Shift+Tab the other
 * way; focus that lands outside, by a click or a script, is brought back).
 */
export function useDialogKeys(
  dialogRef: RefObject<HTMLElement | null>,
  handlers: DialogKeyHandlers,
): void {
  // The listeners stay for the dialog's life and call the latest handlers.
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return undefined;
    const keepFocusInside = (event: KeyboardEvent) => {
      const controls = focusablesIn(dialog);
      const first = controls[0];
      const last = controls[controls.length - 1];
      const focused = document.activeElement;
      if (!first || !last) {
        event.preventDefault();
        return;
      }
      const outside = !dialog.contains(focused);
      if (event.shiftKey && (outside || focused === first)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (outside || focused === last)) {
        event.preventDefault();
        first.focus();
      }
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Tab') keepFocusInside(event);
      else if (event.key === 'Escape') latest.current.onClose();
      else if (event.key === 'ArrowLeft') latest.current.onPrevious();
      else if (event.key === 'ArrowRight') latest.current.onNext();
      else return;
      if (event.key !== 'Tab') event.preventDefault();
    };
    const onFocusIn = (event: FocusEvent) => {
      if (!dialog.contains(event.target as Node)) focusablesIn(dialog)[0]?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
    };
  }, [dialogRef]);
}
