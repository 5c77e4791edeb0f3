import { Component, lazy, Suspense } from 'react';
import type { ReactNode } from 'react';
import { Spinner } from 'shared-ui';
import { whenIdle } from '../../whenIdle';
import type { ChosenPhotosProps } from './ChosenPhotos';

/**
 * The chosen photos' list (previews, order, descriptions) is a chunk of its own: an empty
 * composer shows nothing of it, so the feed's first view does not carry it. It is fetched once
 * the first view is idle, so it is there when the member picks photos.
 */
const loadChosenPhotos = () =>
  import('./ChosenPhotos').then((module) => ({ default: module.ChosenPhotos }));

let LoadedChosenPhotos = lazy(loadChosenPhotos);

/** Starts fetching the list's code once the page is idle; returns a cancel. */
export function preloadChosenPhotos(): () => void {
  return whenIdle(() => void loadChosenPhotos().catch(() => undefined));
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
  if (props.photos.length === 0) return null;
  return (
    <ListLoadBoundary>
      <Suspense fallback={<Spinner label="Loading the chosen photos…" />}>
        <LoadedChosenPhotos {...props} />
      </Suspense>
    </ListLoadBoundary>
  );
}
