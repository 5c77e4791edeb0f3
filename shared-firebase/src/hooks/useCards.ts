// Reading cards (docs/DATA_MODEL.md "Cards"): the slim copy of a document, or the seed's document
// itself while its card does not exist yet (a database the cards migration has not reached).
import type { DocumentReference, Query } from 'firebase/firestore';
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

/**
 * Live pages of cards, or, when the cards' query finds none at all, of the seed's documents it
 * copies (a database without cards yet: its lists stay filled during the migration). An empty
 * answer costs one more query; both queries must be stable.
 */
export function useCardPages<Card, Seed extends Card>(
  cards: Query<Card> | null,
  seed: Query<Seed> | null,
  pageSize: number,
): PagedQuery<Card> {
  const read = usePagedQuery(cards, pageSize);
  const none = read.status === 'ready' && read.items.length === 0 && !read.hasMore;
  const fallback = usePagedQuery(none ? seed : null, pageSize);
  return none ? fallback : read;
}
