import { useCallback, useState } from 'react';

/**
 * The image to show: `src`, or `placeholder` once `src` failed to load (a deleted file, no
 * network), so the browser's broken-image icon never shows. A new `src` is tried afresh.
 */
export function useImageFallback(
  src: string | null | undefined,
  placeholder: string,
): { shown: string; failed: boolean; onError: () => void } {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const failed = !src || failedSrc === src;
  const onError = useCallback(() => {
    if (src) setFailedSrc(src);
  }, [src]);
  return { shown: failed ? placeholder : src, failed, onError };
}
