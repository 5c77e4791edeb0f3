import type { BackendOrigin } from 'shared-firebase/session';

/**
 * Opens the connections a remembered member's first view will need while the shell and the first
 * remote still download: the session check, the first listen and the first photo each waited
 * for a connection of their own, one after the other.
 */
export function preconnect(origins: readonly BackendOrigin[]): void {
  for (const { origin, cors } of origins) {
    const link = document.createElement('link');
    link.rel = 'preconnect';
    link.href = origin;
    if (cors) link.crossOrigin = 'anonymous';
    document.head.append(link);
  }
}
