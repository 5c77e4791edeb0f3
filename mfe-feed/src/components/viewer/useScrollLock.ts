import { useEffect } from 'react';

/**
 * While the viewer is open the page behind it does not scroll (a wheel or a finger on the viewer
 * would otherwise move the feed). The scroll bar's width is kept as padding, so nothing behind
 * shifts sideways; the scroll position is untouched.
 */
export function useScrollLock(): void {
  useEffect(() => {
    const root = document.documentElement;
    const { overflow, paddingRight } = root.style;
    const scrollBar = window.innerWidth - root.clientWidth;
    root.style.overflow = 'hidden';
    if (scrollBar > 0) root.style.paddingRight = `${scrollBar}px`;
    return () => {
      root.style.overflow = overflow;
      root.style.paddingRight = paddingRight;
    };
  }, []);
}
