import { Component, lazy, Suspense } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { Spinner } from 'shared-ui';

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

/**
 * A component whose code is a chunk of its own, fetched when it is first shown (a spinner saying
 * `Loading the {what}…` meanwhile); after a failure, it says so in place and the next showing
 * fetches afresh.
 */
export function lazyPart<P extends object>(load: Loader<P>, what: string) {
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
