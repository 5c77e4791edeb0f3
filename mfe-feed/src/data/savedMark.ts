import { serverTimestamp, writeBatch } from 'firebase/firestore';
import { useMemo } from 'react';
import { getDb, savedPostRef, useLiveDocument } from 'shared-firebase';
import type { LiveDocument, SavedPost } from 'shared-firebase';

// A post's Save / Saved mark on its card: the member's bookmark of it, and saving or unsaving.

/** The member's live bookmark of one post: `ready` when saved, `missing` when not. */
export function useSavedMark(uid: string, postId: string): LiveDocument<SavedPost> {
  const ref = useMemo(() => savedPostRef(uid, postId), [uid, postId]);
  return useLiveDocument(ref);
}

/**
 * Saves the post for the member (`{ postId, savedAt: serverTimestamp() }` under the post's id) or
 * unsaves it (deletes that document). One write sent as a batch, so that it is applied locally at
 * once and queued while offline.
 */
export async function setSaved(uid: string, postId: string, saved: boolean): Promise<void> {
  const batch = writeBatch(getDb());
  const ref = savedPostRef(uid, postId);
  if (saved) batch.set(ref, { postId, savedAt: serverTimestamp() });
  else batch.delete(ref);
  await batch.commit();
}
