import { useEffect, useRef, useState } from 'react';
import { stillMentioned } from 'shared-ui';
import { discardDraft, isEmptyDraft, loadDraft, saveDraft } from './draftStore';
import type { ComposerDraft } from './draftStore';

/** How long the composer waits after the last change before it keeps the draft. */
export const DRAFT_SAVE_DELAY_MS = 400;

/**
 * Keeps what the member is writing (`draft`, whose `mentions` are the members picked so far) in
 * this browser, so that it survives a reload until it is posted or discarded: the kept draft is
 * handed to `restore` once on opening (only when the composer is still empty), then every change
 * is kept DRAFT_SAVE_DELAY_MS after the last, or at once when the page is left, with only the
 * picked members the caption still names.
 * `restored` says a draft came back; `discard` forgets it.
 */
export function useComposerDraft(
  uid: string,
  draft: ComposerDraft,
  restore: (draft: ComposerDraft) => void,
) {
  const [loaded, setLoaded] = useState(false);
  const [restored, setRestored] = useState(false);
  const latest = useRef({ draft, restore });
  latest.current = { draft, restore };

  useEffect(() => {
    let cancelled = false;
    setLoaded(false);
    void loadDraft(uid).then((kept) => {
      if (cancelled) return;
      if (kept && !isEmptyDraft(kept) && isEmptyDraft(latest.current.draft)) {
        latest.current.restore(kept);
        setRestored(true);
      }
      setLoaded(true);
    });
    return () => {
      cancelled = true;
    };
  }, [uid]);

  const { caption, photos, mentions } = draft;
  useEffect(() => {
    // Until the kept draft is read, the empty composer must not overwrite it.
    if (!loaded) return undefined;
    // A picked member whose name was edited away is not kept: the post would not mention them.
    const save = () =>
      void saveDraft(uid, { caption, photos, mentions: stillMentioned(caption, mentions) });
    const timer = setTimeout(save, DRAFT_SAVE_DELAY_MS);
    // A reload or a closed tab within the delay keeps the last keystrokes too.
    const keepOnLeaving = () => {
      clearTimeout(timer);
      save();
    };
    window.addEventListener('pagehide', keepOnLeaving);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('pagehide', keepOnLeaving);
    };
  }, [uid, loaded, caption, photos, mentions]);

  const discard = () => {
    setRestored(false);
    return discardDraft(uid);
  };
  return { restored, discard };
}
