import { useEffect, useRef } from 'react';
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
 * every router of the page (the feed's own and the post list's on a profile). When it closes,
 * focus returns to the photo that opened it (`triggerRef`).
 */
export function usePhotoViewerEntry(postId: string) {
  const location = useLocation();
  const navigate = useNavigate();
  const entry = viewerEntryOf(location.state);
  const openIndex = entry?.postId === postId ? entry.index : null;
  const triggerRef = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);

  useEffect(() => {
    if (openIndex !== null) wasOpen.current = true;
    else if (wasOpen.current) {
      wasOpen.current = false;
      triggerRef.current?.focus();
    }
  }, [openIndex]);

  const open = (index: number) => {
    const { pathname, search, hash } = location;
    const viewer: ViewerEntry = { postId, index, pageLoad: PAGE_LOAD };
    navigate(
      { pathname, search, hash },
      { state: { ...stateRecord(location.state), [VIEWER_STATE]: viewer } },
    );
  };
  const close = () => navigate(-1);

  return { openIndex, open, close, triggerRef };
}
