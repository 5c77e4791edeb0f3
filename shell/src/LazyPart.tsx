import { Component, Suspense } from 'react';
import type { ReactNode } from 'react';

export interface LazyPartProps {
  /** What shows while the part's code loads, and instead of the part if it cannot load. */
  fallback: ReactNode;
  children: ReactNode;
}

/**
 * A part of the frame whose code loads apart (React.lazy). A chunk the network refuses costs only
 * this part, which keeps its fallback, instead of unmounting the whole page: without a boundary, a
 * rejected lazy import empties the shell's root.
 */
export class LazyPart extends Component<LazyPartProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    const { fallback, children } = this.props;
    if (this.state.failed) return fallback;
    return <Suspense fallback={fallback}>{children}</Suspense>;
  }
}
