import { Component, lazy, Suspense, useRef } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { Spinner } from 'shared-ui';
import type { ChosenPhotosProps } from './ChosenPhotos';

/**
 * The chosen photos' list (previews, order, descriptions) is a chunk of its own: an empty
 * composer shows nothing of it, so the feed's first view does not fetch it. It is fetched when
 * the member's pointer, finger or focus first reaches the composer (preloadChosenPhotos), so it
 * is there by the time the system's file picker returns.
 */
const loadChosenPhotos = () =>
  import('./ChosenPhotos').then((module) => {
    arrived = module.ChosenPhotos;
    return { default: module.ChosenPhotos };
  });

/** The list once its code has arrived: shown at once from then on, without a fallback. */
let arrived: ComponentType<ChosenPhotosProps> | null = null;
let LoadedChosenPhotos = lazy(loadChosenPhotos);

/** Fetches the list's code; resolves when it is there (a failure is retried when it is shown). */
export function preloadChosenPhotos(): Promise<void> {
  return loadChosenPhotos().then(
    () => undefined,
    () => undefined,
  );
}

/** When the list's code cannot be fetched (offline before it was ever loaded), say so in place. */
class ListLoadBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error) {
    console.error('The chosen photos could not be shown', error);
    LoadedChosenPhotos = lazy(loadChosenPhotos);
  }

  override render() {
    return this.state.failed ? (
      <p role="alert">The chosen photos could not be shown. Check your connection.</p>
    ) : (
      this.props.children
    );
  }
}

/** ChosenPhotos, its code fetched when first needed; nothing at all while no photo is chosen. */
export function LazyChosenPhotos(props: ChosenPhotosProps) {
  // Which of the two ways renders the list is settled when it first shows, and kept while it
  // shows: switching from the lazy one to the arrived code would mount the list anew, and a
  // click whose press and release fell on either side of that was lost, with the move it made.
  const shownWith = useRef<ComponentType<ChosenPhotosProps> | null | undefined>(undefined);
  if (props.photos.length === 0) {
    shownWith.current = undefined;
    return null;
  }
  if (shownWith.current === undefined) shownWith.current = arrived;
  const List = shownWith.current;
  if (List) return <List {...props} />;
  return (
    <ListLoadBoundary>
      <Suspense fallback={<Spinner label="Loading the chosen photos…" />}>
        <LoadedChosenPhotos {...props} />
      </Suspense>
    </ListLoadBoundary>
  );
}
