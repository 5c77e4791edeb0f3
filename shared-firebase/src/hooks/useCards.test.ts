import { act, renderHook } from '@testing-library/react';
import { getDoc } from 'firebase/firestore';
import type { DocumentReference, DocumentSnapshot, Query } from 'firebase/firestore';
import { forgetCardMigrations, useCardPages, useLiveCard } from './useCards';
import { useLiveDocument, type LiveDocument } from './useLiveDocument';
import { usePagedQuery, type PagedQuery } from './usePagedQuery';

// The reads are faked at the live hooks: each reference or query answers what the test holds for it.
jest.mock('./useLiveDocument', () => ({ useLiveDocument: jest.fn() }));
jest.mock('./usePagedQuery', () => ({ usePagedQuery: jest.fn() }));
// The migration's progress: `getDoc` answers what the test sets (absent by default).
jest.mock('../db', () => ({ getDb: () => ({}) }));
jest.mock('firebase/firestore', () => ({
  doc: (_db: unknown, ...path: string[]) => ({ path: path.join('/') }),
  getDoc: jest.fn(),
}));
const progress = (done: boolean | undefined) =>
  Promise.resolve({ get: () => done } as unknown as DocumentSnapshot);

const card = { path: 'memberCards/ann' } as unknown as DocumentReference<{ name: string }>;
const seed = { path: 'usersData/ann' } as unknown as DocumentReference<{
  name: string;
  posts: string[];
}>;
const documents = new Map<unknown, LiveDocument<unknown>>();
jest
  .mocked(useLiveDocument)
  .mockImplementation((ref) => (ref ? documents.get(ref) : undefined) ?? { status: 'loading' });

const pages = (
  items: Array<{ id: string; name: string }>,
  hasMore = false,
): PagedQuery<unknown> => ({
  items,
  status: 'ready',
  error: null,
  hasMore,
  loadingMore: false,
  loadMore: () => undefined,
  loadMoreError: null,
  retry: () => undefined,
});
const cards = { path: 'memberCards' } as unknown as Query<{ name: string }>;
const seeds = { path: 'usersData' } as unknown as Query<{ name: string; posts: string[] }>;
const queries = new Map<unknown, PagedQuery<unknown>>();
jest
  .mocked(usePagedQuery)
  .mockImplementation(
    (query) => (query ? queries.get(query) : undefined) ?? { ...pages([]), status: 'loading' },
  );

beforeEach(() => {
  documents.clear();
  queries.clear();
  forgetCardMigrations();
  jest.mocked(getDoc).mockReset().mockReturnValue(progress(undefined));
  jest.mocked(useLiveDocument).mockClear();
  jest.mocked(usePagedQuery).mockClear();
});

describe('useLiveCard', () => {
  it('reads the card, and not the seed document, once the card exists', () => {
    documents.set(card, { status: 'ready', data: { name: 'Ann' } });
    const { result } = renderHook(() => useLiveCard(card, seed));
    expect(result.current).toEqual({ status: 'ready', data: { name: 'Ann' } });
    expect(useLiveDocument).toHaveBeenCalledWith(null);
    expect(useLiveDocument).not.toHaveBeenCalledWith(seed);
  });

  it('falls back to the seed document while the card does not exist', () => {
    documents.set(card, { status: 'missing' });
    documents.set(seed, { status: 'ready', data: { name: 'Ann', posts: ['p1'] } });
    const { result } = renderHook(() => useLiveCard(card, seed));
    expect(result.current).toEqual({ status: 'ready', data: { name: 'Ann', posts: ['p1'] } });
  });

  it('is missing when neither exists', () => {
    documents.set(card, { status: 'missing' });
    documents.set(seed, { status: 'missing' });
    expect(renderHook(() => useLiveCard(card, seed)).result.current).toEqual({ status: 'missing' });
  });
});

describe('useCardPages', () => {
  it('pages the cards when there are any', () => {
    queries.set(cards, pages([{ id: 'ann', name: 'Ann' }]));
    const { result } = renderHook(() => useCardPages(cards, seeds, 20, 'memberCards'));
    expect(result.current.items).toEqual([{ id: 'ann', name: 'Ann' }]);
    expect(usePagedQuery).not.toHaveBeenCalledWith(seeds, 20);
  });

  it('pages the seed documents when the cards’ query finds none at all', () => {
    queries.set(cards, pages([]));
    queries.set(seeds, pages([{ id: 'bob', name: 'Bob' }]));
    const { result } = renderHook(() => useCardPages(cards, seeds, 20, 'memberCards'));
    expect(result.current.items).toEqual([{ id: 'bob', name: 'Bob' }]);
  });

  it('pages the seed documents while the cards migration copies the cards', async () => {
    jest.mocked(getDoc).mockReturnValue(progress(false));
    queries.set(cards, pages([{ id: 'ann', name: 'Ann' }]));
    queries.set(
      seeds,
      pages([
        { id: 'bob', name: 'Bob' },
        { id: 'ann', name: 'Ann' },
      ]),
    );
    const { result } = renderHook(() => useCardPages(cards, seeds, 20, 'memberCards'));
    await act(() => Promise.resolve());
    expect(getDoc).toHaveBeenCalledWith({ path: 'migrations/memberCards' });
    expect(result.current.items).toEqual([
      { id: 'bob', name: 'Bob' },
      { id: 'ann', name: 'Ann' },
    ]);
    // The last render reads no card, and the seed documents.
    expect(jest.mocked(usePagedQuery).mock.calls.slice(-2)).toEqual([
      [null, 20],
      [seeds, 20],
    ]);
  });

  it('pages the cards once the migration is done, or when its progress cannot be read', async () => {
    for (const read of [() => progress(true), () => Promise.reject(new Error('offline'))]) {
      forgetCardMigrations();
      jest.mocked(getDoc).mockImplementation(read);
      queries.set(cards, pages([{ id: 'ann', name: 'Ann' }]));
      queries.set(seeds, pages([{ id: 'bob', name: 'Bob' }]));
      const { result } = renderHook(() => useCardPages(cards, seeds, 20, 'memberCards'));
      await act(() => Promise.resolve());
      expect(result.current.items).toEqual([{ id: 'ann', name: 'Ann' }]);
    }
  });

  it('reads the progress once for every list of the page', async () => {
    queries.set(cards, pages([{ id: 'ann', name: 'Ann' }]));
    renderHook(() => useCardPages(cards, seeds, 20, 'memberCards'));
    renderHook(() => useCardPages(cards, seeds, 20, 'memberCards'));
    await act(() => Promise.resolve());
    expect(getDoc).toHaveBeenCalledTimes(1);
  });

  it('waits for the cards before reading any seed document', () => {
    const { result } = renderHook(() => useCardPages(cards, seeds, 20, 'memberCards'));
    expect(result.current.status).toBe('loading');
    expect(usePagedQuery).not.toHaveBeenCalledWith(seeds, 20);
  });
});
