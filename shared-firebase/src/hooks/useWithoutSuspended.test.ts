import { renderHook } from '@testing-library/react';
import type { PagedQuery } from './usePagedQuery';
import { useWithoutSuspended } from './useWithoutSuspended';

type Doc = { uid: string; authorSuspended?: true };

function pages(items: Array<Doc & { id: string }>, more: Partial<PagedQuery<Doc>> = {}) {
  return {
    items,
    status: 'ready',
    error: null,
    hasMore: true,
    loadingMore: false,
    loadMore: jest.fn(),
    loadMoreError: null,
    retry: jest.fn(),
    ...more,
  } as PagedQuery<Doc>;
}

describe('useWithoutSuspended', () => {
  test('leaves out a suspended member’s documents and keeps the others in order', () => {
    const given = pages([
      { id: 'a', uid: 'ann' },
      { id: 'b', uid: 'sue', authorSuspended: true },
      { id: 'c', uid: 'ben' },
    ]);
    const { result } = renderHook(() => useWithoutSuspended(given));
    expect(result.current.items.map((item) => item.id)).toEqual(['a', 'c']);
    expect(given.loadMore).not.toHaveBeenCalled();
  });

  test('a page of hidden documents only reads the next page at once', () => {
    const given = pages([{ id: 'b', uid: 'sue', authorSuspended: true }]);
    const { result } = renderHook(() => useWithoutSuspended(given));
    expect(result.current.items).toEqual([]);
    expect(given.loadMore).toHaveBeenCalledTimes(1);
  });

  test('the same pages when nothing is hidden', () => {
    const given = pages([{ id: 'a', uid: 'ann' }], { hasMore: false });
    const { result } = renderHook(() => useWithoutSuspended(given));
    expect(result.current).toBe(given);
  });

  test('leaves out what the reader hides too, and reads on past a page of only those', () => {
    const given = pages([
      { id: 'a', uid: 'bo' },
      { id: 'b', uid: 'sue', authorSuspended: true },
    ]);
    const blocked = (item: Doc) => item.uid === 'bo';
    const { result } = renderHook(() => useWithoutSuspended(given, blocked));
    expect(result.current.items).toEqual([]);
    expect(given.loadMore).toHaveBeenCalledTimes(1);
  });
});

describe('useWithoutSuspended before the viewer’s hidden members are known', () => {
  test('reports loading with no items, and reads no further page', () => {
    const given = pages([{ id: 'a', uid: 'bo' }]);
    const blocked = (item: Doc) => item.uid === 'bo';
    const { result, rerender } = renderHook(
      ({ known }) => useWithoutSuspended(given, blocked, known),
      { initialProps: { known: false } },
    );
    expect(result.current.status).toBe('loading');
    expect(result.current.items).toEqual([]);
    expect(given.loadMore).not.toHaveBeenCalled();
    rerender({ known: true });
    expect(result.current.status).toBe('ready');
    expect(given.loadMore).toHaveBeenCalledTimes(1);
  });

  test('still reports a failed read', () => {
    const given = pages([], { status: 'error' });
    const { result } = renderHook(() => useWithoutSuspended(given, undefined, false));
    expect(result.current.status).toBe('error');
  });
});
