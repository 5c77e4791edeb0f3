import { openDB } from 'idb';
import type { DBSchema, IDBPDatabase } from 'idb';

/** What the composer keeps of a post not sent yet: its text, its photos in order, their descriptions. */
export interface ComposerDraft {
  caption: string;
  /** The chosen files as the browser gave them (a File is stored whole in IndexedDB). */
  photos: Array<{ file: File; alt: string }>;
}

interface DraftSchema extends DBSchema {
  drafts: { key: string; value: ComposerDraft };
}

const DATABASE = 'feed-composer';
const STORE = 'drafts';

let opening: Promise<IDBPDatabase<DraftSchema>> | null = null;

function database(): Promise<IDBPDatabase<DraftSchema>> {
  opening ??= openDB<DraftSchema>(DATABASE, 1, {
    upgrade(db) {
      db.createObjectStore(STORE);
    },
  }).catch((error: unknown) => {
    opening = null;
    throw error;
  });
  return opening;
}

/** Nothing worth keeping: no text with something in it, no photo. */
export function isEmptyDraft(draft: ComposerDraft): boolean {
  return draft.caption.trim() === '' && draft.photos.length === 0;
}

/**
 * The member's draft in this browser, or null. Per member (the key is the uid), so another
 * member signing in on the same browser never sees it. A browser without IndexedDB (or one that
 * refuses it) has no drafts: a draft is a convenience, never a reason for the composer to fail.
 */
export async function loadDraft(uid: string): Promise<ComposerDraft | null> {
  try {
    return (await (await database()).get(STORE, uid)) ?? null;
  } catch (error) {
    console.warn('The composer draft could not be read', error);
    return null;
  }
}

/** Keeps the draft, or forgets it when it is empty. */
export async function saveDraft(uid: string, draft: ComposerDraft): Promise<void> {
  try {
    const db = await database();
    if (isEmptyDraft(draft)) await db.delete(STORE, uid);
    else await db.put(STORE, draft, uid);
  } catch (error) {
    console.warn('The composer draft could not be kept', error);
  }
}

/** Forgets the draft (posted or discarded). */
export function discardDraft(uid: string): Promise<void> {
  return saveDraft(uid, { caption: '', photos: [] });
}
