import { useSyncExternalStore } from 'react';

/**
 * Whether the browser says it has a network. Storage uploads cannot be queued the way Firestore
 * queues writes, so an upload waits for this; the UI uses it to say why an action is waiting.
 * Outside a browser (tests without jsdom, scripts) there is no such signal: treated as online.
 */
export function browserOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

/** Resolves at once when online, else at the browser's next `online` event. */
export function waitUntilBrowserOnline(): Promise<void> {
  if (browserOnline()) return Promise.resolve();
  return new Promise((resolve) => {
    window.addEventListener('online', () => resolve(), { once: true });
  });
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** The browser's online state, re-rendering when it changes. */
export function useBrowserOnline(): boolean {
  return useSyncExternalStore(subscribe, browserOnline, () => true);
}
