import { Component, lazy, Suspense } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { Spinner } from 'shared-ui';
import type { EditPostFormProps } from './EditPostForm';
import type { PostHistoryProps } from './PostHistory';

/**
 * The edit form and the history are chunks of their own: only an author who edits, or a member
 * who opens a history, fetches them, so the feed's first view does not carry them
 * (docs/PERFORMANCE.md, the signed-in routes' JavaScript budget).
 */
type Loader<P> = () => Promise<{ default: ComponentType<P> }>;

interface BoundaryProps {
  what: string;
  onFailed?: () => void;
  children: ReactNode;
}

/** When a chunk cannot be fetched (offline before it was ever loaded), say so in place. */
class PartLoadBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error) {
    console.error(`The ${this.props.what} could not be shown`, error);
    this.props.onFailed?.();
  }

  override render() {
    return this.state.failed ? (
      <p role="alert">The {this.props.what} could not be loaded. Check your connection.</p>
    ) : (
      this.props.children
    );
  }
}

/** A lazily fetched component; after a failure, the next opening fetches afresh. */
function lazyPart<P extends object>(load: Loader<P>, what: string) {
  let Loaded = lazy(load);
  return function LazyPart(props: P) {
    return (
      <PartLoadBoundary
        what={what}
        onFailed={() => {
          Loaded = lazy(load);
        }}
      >
        <Suspense fallback={<Spinner label={`Loading the ${what}…`} />}>
          <Loaded {...props} />
        </Suspense>
      </PartLoadBoundary>
    );
  };
}

export const LazyEditPostForm = lazyPart<EditPostFormProps>(
  () => import('./EditPostForm').then((module) => ({ default: module.EditPostForm })),
  'edit form',
);
export const LazyPostHistory = lazyPart<PostHistoryProps>(
  () => import('./PostHistory').then((module) => ({ default: module.PostHistory })),
  'earlier versions',
);
