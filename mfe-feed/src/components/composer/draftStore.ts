import { openDB } from 'idb';
import type { DBSchema, IDBPDatabase } from 'idb';
import { stillMentioned } from 'shared-ui';
import type { MentionedMember } from 'shared-ui';

/**
 * What the composer keeps of a post not sent yet: its text, its photos in order, their
 * descriptions, and the members picked from the `@` suggestions.
 */
export interface ComposerDraft {
  caption: string;
  /** The chosen files as the browser gave them (a File is stored whole in IndexedDB). */
  photos: Array<{ file: File; alt: string }>;
  /**
   * The picked members whose `@name` (the name as it was inserted) the caption still holds: the
   * ones the post mentions when it is sent, as in the live composer.
   */
  mentions: readonly MentionedMember[];
}

/** A draft as IndexedDB holds it: one kept before mentions were kept has none. */
type StoredDraft = Omit<ComposerDraft, 'mentions'> & { mentions?: unknown };

interface DraftSchema extends DBSchema {
  drafts: { key: string; value: StoredDraft };
}

const isMentionedMember = (value: unknown): value is MentionedMember =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Record<string, unknown>).uid === 'string' &&
  typeof (value as Record<string, unknown>).name === 'string';

/**
 * The draft a stored one gives back: its mentions only those still named in its caption (none
 * for a draft kept before mentions were, or for entries of another shape).
 */
export function draftFromStore(stored: StoredDraft): ComposerDraft {
  const kept = Array.isArray(stored.mentions) ? stored.mentions.filter(isMentionedMember) : [];
  return {
    caption: stored.caption,
    photos: stored.photos,
    mentions: stillMentioned(stored.caption, kept),
  };
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
    const stored = await (await database()).get(STORE, uid);
    return stored ? draftFromStore(stored) : null;
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
  return saveDraft(uid, { caption: '', photos: [], mentions: [] });
}
