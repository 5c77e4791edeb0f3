import { act } from '@testing-library/react';

type Listener = { next: (snapshot: unknown) => void };

/**
 * `firebase/firestore` faked at its boundary for the data hooks' tests: references and queries
 * are plain paths, and each document listener is kept by its path so a test hands it snapshots
 * (`deliver`). Use it as
 * `jest.mock('firebase/firestore', () => jest.requireActual('../testing/documentListeners').firestoreWithListeners())`.
 */
export function firestoreWithListeners() {
  const listeners = new Map<string, Listener>();
  return {
    doc: (parent: { path: string }, id: string) => ({ path: `${parent.path}/${id}`, id }),
    ...jest.requireActual('shared-firebase/testing/firebaseFakes').fakeQueryBuilders,
    onSnapshot: (ref: { path: string }, ...args: unknown[]) => {
      // The options object, when given, comes before the observer.
      const next = args.find((arg) => typeof arg === 'function') as Listener['next'];
      listeners.set(ref.path, { next });
      return () => listeners.delete(ref.path);
    },
    __listeners: listeners,
  };
}

/** The listeners of the faked module, by document path. */
export function documentListeners(): Map<string, Listener> {
  return (jest.requireMock('firebase/firestore') as { __listeners: Map<string, Listener> })
    .__listeners;
}

/** The document at `path`'s listener receives `data`, or `null`: it does not exist. */
export function deliver(path: string, data: object | null, hasPendingWrites = false): void {
  const listener = documentListeners().get(path);
  if (!listener) throw new Error(`nobody listens to ${path}`);
  act(() => listener.next({ data: () => data ?? undefined, metadata: { hasPendingWrites } }));
}
