import { Component, lazy, Suspense } from 'react';
import type { ReactNode } from 'react';
import type { PhotoViewerProps } from './PhotoViewer';

/** The viewer is its own chunk: the feed's first view does not carry it (docs/PERFORMANCE.md). */
const loadViewer = () => import('./PhotoViewer');

let LoadedViewer = lazy(loadViewer);

/** Starts fetching the viewer's code before it is needed (a failure is retried on opening). */
export function preloadPhotoViewer(): void {
  loadViewer().catch(() => undefined);
}

interface BoundaryProps {
  onFailed: () => void;
  children: ReactNode;
}

/**
 * When the viewer's code cannot be fetched (offline before it was ever loaded), the viewer closes
 * again instead of taking the list down with it, and the next opening tries afresh.
 */
class ViewerLoadBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error) {
    console.error('The photo viewer could not be shown', error);
    LoadedViewer = lazy(loadViewer);
    this.props.onFailed();
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** The full-screen photo viewer, its code fetched on first use. */
export function LazyPhotoViewer(props: PhotoViewerProps) {
  return (
    <ViewerLoadBoundary onFailed={props.onClose}>
      <Suspense fallback={null}>
        <LoadedViewer {...props} />
      </Suspense>
    </ViewerLoadBoundary>
  );
}
