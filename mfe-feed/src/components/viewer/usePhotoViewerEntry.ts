import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/** The key of the history entry's state that records an open viewer. */
const VIEWER_STATE = 'photoViewer';

/**
 * This page load's mark on the entries it makes: an entry kept across a reload or from an earlier
 * visit does not reopen a viewer nobody opened in this page (and whose close would go back to a
 * page that is no longer there).
 */
const PAGE_LOAD = `${Date.now()}-${Math.random()}`;

interface ViewerEntry {
  postId: string;
  index: number;
  pageLoad: string;
}

function stateRecord(state: unknown): Record<string, unknown> {
  return typeof state === 'object' && state !== null ? (state as Record<string, unknown>) : {};
}

function viewerEntryOf(state: unknown): ViewerEntry | null {
  const entry = stateRecord(stateRecord(state)[VIEWER_STATE]);
  const { postId, index, pageLoad } = entry;
  return typeof postId === 'string' && typeof index === 'number' && pageLoad === PAGE_LOAD
    ? { postId, index, pageLoad }
    : null;
}

/**
 * The full-screen viewer of one post's photos as a history entry. Opening adds an entry (the same
 * address, the open photo in its state), so the browser's back button closes the viewer, as it
 * does a full-screen photo in a phone's apps, and forward opens it again; Escape or the close
 * button go back past that entry. The viewer is open exactly while the current entry says so, in
 * every router of the page (the feed's own and the post list's on a profile).
 * `shownIndex` is the photo the post shows (the carousel's, moved with `showPhoto`); the viewer
 * tells `viewerShows` each photo it shows, and when it closes (by any way) the post shows the one
 * it was on and the focus goes to that photo (`triggerRef`, on the photo shown).
 */
export function usePhotoViewerEntry(postId: string) {
  const location = useLocation();
  const navigate = useNavigate();
  const entry = viewerEntryOf(location.state);
  const openIndex = entry?.postId === postId ? entry.index : null;
  const triggerRef = useRef<HTMLButtonElement>(null);
  const [shownIndex, showPhoto] = useState(0);
  // The photo the open viewer shows (null while closed), first the one it was opened at.
  const [viewedIndex, setViewedIndex] = useState<number | null>(null);
  const [closings, setClosings] = useState(0);
  // Adjusted while rendering, so the render that removes the viewer already shows its last photo.
  if (openIndex !== null && viewedIndex === null) setViewedIndex(openIndex);
  if (openIndex === null && viewedIndex !== null) {
    setViewedIndex(null);
    showPhoto(viewedIndex);
    setClosings((count) => count + 1);
  }

  // The page is where the member left it (its scrolling was locked), and a carousel may still be
  // sliding to the photo: scrolling to it would only push the carousel's frame off its track.
  useEffect(() => {
    if (closings > 0) triggerRef.current?.focus({ preventScroll: true });
  }, [closings]);

  const open = (index: number) => {
    const { pathname, search, hash } = location;
    const viewer: ViewerEntry = { postId, index, pageLoad: PAGE_LOAD };
    navigate(
      { pathname, search, hash },
      { state: { ...stateRecord(location.state), [VIEWER_STATE]: viewer } },
    );
  };
  const close = () => navigate(-1);

  return {
    openIndex,
    open,
    close,
    triggerRef,
    shownIndex,
    showPhoto,
    /** For the viewer: the photo it shows now. */
    viewerShows: setViewedIndex,
  };
}
