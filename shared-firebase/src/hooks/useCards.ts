// Reading cards (docs/DATA_MODEL.md "Cards"): the slim copy of a document, or the seed's document
// itself while its card does not exist yet (a database the cards migration has not reached).
import { doc, getDoc } from 'firebase/firestore';
import type { DocumentReference, Query } from 'firebase/firestore';
import { useEffect, useState } from 'react';
import { getDb } from '../db';
import { COLLECTIONS } from '../model';
import { useLiveDocument, type LiveDocument } from './useLiveDocument';
import { usePagedQuery, type PagedQuery } from './usePagedQuery';

/**
 * A live card, or, while it is missing, the live seed document it copies (a superset of it). Both
 * references must be stable (memoised on their path).
 */
export function useLiveCard<Card, Seed extends Card>(
  card: DocumentReference<Card> | null,
  seed: DocumentReference<Seed> | null,
): LiveDocument<Card> {
  const read = useLiveDocument(card);
  const fallback = useLiveDocument(read.status === 'missing' ? seed : null);
  return read.status === 'missing' ? fallback : read;
}

/** A cards collection, whose migration's progress is `migrations/{its name}`. */
export type CardCollection = typeof COLLECTIONS.postCards | typeof COLLECTIONS.memberCards;

let migrationReads: Partial<Record<CardCollection, Promise<boolean>>> = {};

/** Forgets what migrationRunning read (tests: each is a page load). */
export function forgetCardMigrations(): void {
  migrationReads = {};
}

/**
 * Whether `npm run migrate -- cards` is copying this collection now (its progress says not done):
 * read once per page load, so its many progress writes cost no reader anything; false when absent
 * (a database whose cards were never migrated, or one made with them) or unreadable (offline).
 */
function migrationRunning(cards: CardCollection): Promise<boolean> {
  return (migrationReads[cards] ??= getDoc(doc(getDb(), COLLECTIONS.migrations, cards)).then(
    (progress) => progress.get('done') === false,
    () => false,
  ));
}

/**
 * Live pages of cards, or of the seed's documents they copy while the cards migration copies them
 * (a list of cards would leave out those not copied yet) or when the cards' query finds none at
 * all (a database without cards). The cards are read at once, beside the migration's progress;
 * an empty answer costs one more query. Both queries must be stable.
 */
export function useCardPages<Card, Seed extends Card>(
  cards: Query<Card> | null,
  seed: Query<Seed> | null,
  pageSize: number,
  collection: CardCollection,
): PagedQuery<Card> {
  const [migrating, setMigrating] = useState(false);
  useEffect(() => {
    void migrationRunning(collection).then(setMigrating);
  }, [collection]);
  const read = usePagedQuery(migrating ? null : cards, pageSize);
  const seedRead =
    migrating || (read.status === 'ready' && read.items.length === 0 && !read.hasMore);
  const fallback = usePagedQuery(seedRead ? seed : null, pageSize);
  return seedRead ? fallback : read;
}
