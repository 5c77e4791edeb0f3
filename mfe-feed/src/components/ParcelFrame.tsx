import type { ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { useSignedInUid } from 'shared-firebase';
import { Spinner } from 'shared-ui';

/**
 * What every post list mounted by another remote stands in: a parcel is its own React root, so it
 * brings its own router for the cards' links, and it lists nothing until the viewer is known.
 */
export function ParcelFrame({ children }: { children: (viewerUid: string) => ReactNode }) {
  const viewerUid = useSignedInUid();
  return (
    <BrowserRouter>{viewerUid ? children(viewerUid) : <Spinner label="Loading…" />}</BrowserRouter>
  );
}
