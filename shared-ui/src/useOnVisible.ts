import { useCallback, useEffect, useRef } from 'react';

/**
 * Calls `onVisible` whenever the element given to the returned ref callback scrolls into view —
 * the infinite-scroll trigger on a list's last item.
 */
export function useOnVisible<E extends Element>(onVisible: () => void, rootMargin = '200px') {
  const callback = useRef(onVisible);
  const observer = useRef<IntersectionObserver | null>(null);

  useEffect(() => {
    callback.current = onVisible;
  }, [onVisible]);

  useEffect(() => () => observer.current?.disconnect(), []);

  return useCallback(
    (element: E | null) => {
      observer.current?.disconnect();
      observer.current = null;
      if (!element || typeof IntersectionObserver === 'undefined') return;
      observer.current = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) callback.current();
        },
        { rootMargin },
      );
      observer.current.observe(element);
    },
    [rootMargin],
  );
}
