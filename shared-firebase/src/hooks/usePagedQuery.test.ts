import { act, renderHook, waitFor } from '@testing-library/react';
import type { Query } from 'firebase/firestore';
import { usePagedQuery } from './usePagedQuery';

/**
 * `firebase/firestore` faked at its boundary: an in-memory collection per base query, ordered by
 * `createdAt` descending then id descending (as Firestore's implicit `__name__` order), with
 * `startAfter`/`endAt` cursors taken from a snapshot's values (so they keep working after that
 * document is deleted), `limit`, one-shot `getDocs` and live `onSnapshot` listeners that are told
 * of every change.
 */
interface FakeDoc {
  id: string;
  createdAt: number;
  /** A local write the server has not confirmed yet. */
  pending?: true;
}

type MockRow = FakeDoc;
type MockConstraint =
  | { kind: 'limit'; n: number }
  | { kind: 'startAfter'; row: MockRow }
  | { kind: 'endAt'; row: MockRow };
type MockQuery = { collection: string; constraints: MockConstraint[] };
type MockListener = {
  query: MockQuery;
  next: (snapshot: unknown) => void;
  error: (e: unknown) => void;
};

jest.mock('firebase/firestore', () => {
  const collections = new Map<string, MockRow[]>();
  const listeners = new Set<MockListener>();
  const calls = { getDocs: 0 };
  let failNextGetDocs: Error | null = null;
  let offlineReads = 0;

  // Descending by createdAt, then by id: negative when `a` comes first.
  const compare = (a: MockRow, b: MockRow) =>
    b.createdAt - a.createdAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

  const snapshotOf = (row: MockRow) => ({
    id: row.id,
    row: { ...row },
    data: () => ({ createdAt: row.createdAt }),
    metadata: { hasPendingWrites: row.pending === true },
  });

  const run = (q: MockQuery) => {
    let rows = [...(collections.get(q.collection) ?? [])].sort(compare);
    for (const c of q.constraints) {
      if (c.kind === 'startAfter') rows = rows.filter((r) => compare(r, c.row) > 0);
      if (c.kind === 'endAt') rows = rows.filter((r) => compare(r, c.row) <= 0);
    }
    const lim = q.constraints.find((c) => c.kind === 'limit');
    if (lim && lim.kind === 'limit') rows = rows.slice(0, lim.n);
    return { docs: rows.map(snapshotOf), metadata: { fromCache: false } };
  };

  const notify = () => {
    for (const listener of listeners) listener.next(run(listener.query));
  };

  return {
    query: (base: MockQuery, ...constraints: MockConstraint[]): MockQuery => ({
      collection: base.collection,
      constraints: [...base.constraints, ...constraints],
    }),
    limit: (n: number): MockConstraint => ({ kind: 'limit', n }),
    startAfter: (snap: { row: MockRow }): MockConstraint => ({ kind: 'startAfter', row: snap.row }),
    endAt: (snap: { row: MockRow }): MockConstraint => ({ kind: 'endAt', row: snap.row }),
    getDocs: async (q: MockQuery) => {
      calls.getDocs += 1;
      await Promise.resolve();
      if (failNextGetDocs) {
        const error = failNextGetDocs;
        failNextGetDocs = null;
        throw error;
      }
      if (offlineReads > 0) {
        offlineReads -= 1;
        // Offline, getDocs answers from the local cache instead of failing.
        return { docs: [], metadata: { fromCache: true } };
      }
      return run(q);
    },
    onSnapshot: (
      q: MockQuery,
      _options: unknown,
      next: MockListener['next'],
      error: MockListener['error'],
    ) => {
      const listener = { query: q, next, error };
      listeners.add(listener);
      queueMicrotask(() => listeners.has(listener) && next(run(q)));
      return () => listeners.delete(listener);
    },
    __fake: {
      base: (collection: string): MockQuery => ({ collection, constraints: [] }),
      set: (collection: string, rows: MockRow[]) => collections.set(collection, [...rows]),
      add: (collection: string, row: MockRow) => {
        collections.set(collection, [...(collections.get(collection) ?? []), row]);
        notify();
      },
      remove: (collection: string, id: string) => {
        collections.set(
          collection,
          (collections.get(collection) ?? []).filter((r) => r.id !== id),
        );
        notify();
      },
      listenersOn: (collection: string) =>
        [...listeners].filter((l) => l.query.collection === collection).length,
      failNextGetDocs: (error: Error) => {
        failNextGetDocs = error;
      },
      answerFromCache: (reads: number) => {
        offlineReads = reads;
      },
      calls,
      reset: () => {
        collections.clear();
        listeners.clear();
        calls.getDocs = 0;
        failNextGetDocs = null;
        offlineReads = 0;
      },
    },
  };
});

interface FakeApi {
  base: (collection: string) => Query<FakeDoc>;
  set: (collection: string, rows: FakeDoc[]) => void;
  add: (collection: string, row: FakeDoc) => void;
  remove: (collection: string, id: string) => void;
  listenersOn: (collection: string) => number;
  failNextGetDocs: (error: Error) => void;
  answerFromCache: (reads: number) => void;
  calls: { getDocs: number };
  reset: () => void;
}

const fake = (jest.requireMock('firebase/firestore') as { __fake: FakeApi }).__fake;

/** Seven posts p1 (oldest) … p7 (newest). */
const seven = Array.from({ length: 7 }, (_, i) => ({ id: `p${i + 1}`, createdAt: (i + 1) * 10 }));
const ids = (items: Array<{ id: string }>) => items.map((item) => item.id);

beforeEach(() => fake.reset());

function renderPaged(collection: string, pageSize = 3) {
  return renderHook(({ base }) => usePagedQuery<FakeDoc>(base, pageSize), {
    initialProps: { base: fake.base(collection) as Query<FakeDoc> | null },
  });
}

describe('usePagedQuery', () => {
  it('reads the first page newest first, then the next pages after the cursor to the end', async () => {
    fake.set('posts', seven);
    const { result } = renderPaged('posts');
    expect(result.current.status).toBe('loading');

    await waitFor(() => expect(ids(result.current.items)).toEqual(['p7', 'p6', 'p5']));
    expect(result.current.status).toBe('ready');
    expect(result.current.hasMore).toBe(true);

    act(() => result.current.loadMore());
    await waitFor(() =>
      expect(ids(result.current.items)).toEqual(['p7', 'p6', 'p5', 'p4', 'p3', 'p2']),
    );
    expect(result.current.hasMore).toBe(true);

    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.hasMore).toBe(false));
    expect(ids(result.current.items)).toEqual(['p7', 'p6', 'p5', 'p4', 'p3', 'p2', 'p1']);
    expect(result.current.loadingMore).toBe(false);

    // At the end, asking for more reads nothing.
    const reads = fake.calls.getDocs;
    act(() => result.current.loadMore());
    expect(fake.calls.getDocs).toBe(reads);
  });

  it('marks the items whose local write the server has not confirmed yet', async () => {
    fake.set('posts', seven);
    const { result } = renderPaged('posts');
    await waitFor(() => expect(result.current.items).toHaveLength(3));
    expect(result.current.pendingIds).toEqual(new Set());
    act(() => fake.add('posts', { id: 'p8', createdAt: 80, pending: true }));
    await waitFor(() => expect(ids(result.current.items)).toEqual(['p8', 'p7', 'p6', 'p5']));
    expect(result.current.pendingIds).toEqual(new Set(['p8']));
  });

  it('reports an empty list as ready with no items and no more pages', async () => {
    const { result } = renderPaged('posts');
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.items).toEqual([]);
    expect(result.current.hasMore).toBe(false);
  });

  it('reads a page once however often the trigger fires while it loads', async () => {
    fake.set('posts', seven);
    const { result } = renderPaged('posts');
    await waitFor(() => expect(result.current.items).toHaveLength(3));
    act(() => {
      result.current.loadMore();
      result.current.loadMore();
      result.current.loadMore();
    });
    expect(result.current.loadingMore).toBe(true);
    await waitFor(() => expect(result.current.items).toHaveLength(6));
    expect(fake.calls.getDocs).toBe(2);
  });

  it('shows live inserts and removals in place, each document exactly once', async () => {
    fake.set('posts', seven);
    const { result } = renderPaged('posts');
    await waitFor(() => expect(result.current.items).toHaveLength(3));
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.items).toHaveLength(6));

    // A newer post joins the first page: nothing is pushed into (or duplicated by) page two.
    act(() => fake.add('posts', { id: 'p8', createdAt: 80 }));
    await waitFor(() =>
      expect(ids(result.current.items)).toEqual(['p8', 'p7', 'p6', 'p5', 'p4', 'p3', 'p2']),
    );

    // A post between the two pages' boundary lands in exactly one page.
    act(() => fake.add('posts', { id: 'p45', createdAt: 45 }));
    await waitFor(() => expect(result.current.items).toHaveLength(8));
    expect(ids(result.current.items)).toEqual(['p8', 'p7', 'p6', 'p5', 'p45', 'p4', 'p3', 'p2']);

    // Deleting the document a page ends at keeps the boundary: the next page still follows it.
    act(() => fake.remove('posts', 'p5'));
    await waitFor(() =>
      expect(ids(result.current.items)).toEqual(['p8', 'p7', 'p6', 'p45', 'p4', 'p3', 'p2']),
    );
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.hasMore).toBe(false));
    expect(ids(result.current.items)).toEqual(['p8', 'p7', 'p6', 'p45', 'p4', 'p3', 'p2', 'p1']);
  });

  it('shows the first post of an empty list live', async () => {
    const { result } = renderPaged('posts');
    await waitFor(() => expect(result.current.status).toBe('ready'));
    act(() => fake.add('posts', { id: 'first', createdAt: 1 }));
    await waitFor(() => expect(ids(result.current.items)).toEqual(['first']));
  });

  it('starts again on a new base query and follows the new list live', async () => {
    fake.set('a', seven);
    fake.set('b', [{ id: 'b1', createdAt: 1 }]);
    const { result, rerender } = renderPaged('a');
    await waitFor(() => expect(result.current.items).toHaveLength(3));
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.items).toHaveLength(6));

    rerender({ base: fake.base('b') });
    await waitFor(() => expect(ids(result.current.items)).toEqual(['b1']));
    expect(fake.listenersOn('a')).toBe(0);

    act(() => fake.add('b', { id: 'b2', createdAt: 2 }));
    await waitFor(() => expect(ids(result.current.items)).toEqual(['b2', 'b1']));
    expect(fake.listenersOn('b')).toBe(1);
  });

  it('reads nothing without a base query', () => {
    const { result } = renderHook(() => usePagedQuery<FakeDoc>(null, 3));
    expect(result.current.status).toBe('loading');
    expect(fake.calls.getDocs).toBe(0);
  });

  it('stops listening when unmounted', async () => {
    fake.set('posts', seven);
    const { result, unmount } = renderPaged('posts');
    await waitFor(() => expect(result.current.items).toHaveLength(3));
    await waitFor(() => expect(fake.listenersOn('posts')).toBe(1));
    unmount();
    expect(fake.listenersOn('posts')).toBe(0);
  });

  it('reports a failed read as an error', async () => {
    fake.failNextGetDocs(Object.assign(new Error('denied'), { code: 'permission-denied' }));
    const { result } = renderPaged('posts');
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(result.current.error).toMatchObject({ code: 'permission-denied' });
  });

  it('keeps the pages shown when a later page fails, and Retry reads that page', async () => {
    fake.set('posts', seven);
    const { result } = renderPaged('posts');
    await waitFor(() => expect(ids(result.current.items)).toEqual(['p7', 'p6', 'p5']));
    fake.failNextGetDocs(Object.assign(new Error('offline'), { code: 'unavailable' }));
    act(() => result.current.loadMore());
    await waitFor(() =>
      expect(result.current.loadMoreError).toMatchObject({ code: 'unavailable' }),
    );
    expect(result.current.status).toBe('ready');
    expect(ids(result.current.items)).toEqual(['p7', 'p6', 'p5']);
    // The scroll trigger does not hammer a failing read; only Retry tries again.
    const reads = fake.calls.getDocs;
    act(() => result.current.loadMore());
    expect(fake.calls.getDocs).toBe(reads);
    act(() => result.current.retry());
    await waitFor(() =>
      expect(ids(result.current.items)).toEqual(['p7', 'p6', 'p5', 'p4', 'p3', 'p2']),
    );
    expect(result.current.loadMoreError).toBeNull();
  });

  it('Retry after a failed first page reads the list again', async () => {
    fake.set('posts', seven);
    fake.failNextGetDocs(Object.assign(new Error('offline'), { code: 'unavailable' }));
    const { result } = renderPaged('posts');
    await waitFor(() => expect(result.current.status).toBe('error'));
    act(() => result.current.retry());
    await waitFor(() => expect(ids(result.current.items)).toEqual(['p7', 'p6', 'p5']));
    expect(result.current.status).toBe('ready');
    await waitFor(() => expect(fake.listenersOn('posts')).toBe(1));
  });

  it('reads again by itself when the browser comes back online after a failure', async () => {
    fake.set('posts', seven);
    fake.answerFromCache(1);
    const { result } = renderPaged('posts');
    await waitFor(() => expect(result.current.status).toBe('error'));
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(ids(result.current.items)).toEqual(['p7', 'p6', 'p5']));
    expect(result.current.status).toBe('ready');
    // Once ready, going online again reads nothing.
    const reads = fake.calls.getDocs;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(fake.calls.getDocs).toBe(reads);
  });

  it('reports a page Firestore could only answer from its cache (offline) as unavailable', async () => {
    fake.set('posts', seven);
    fake.answerFromCache(1);
    const { result } = renderPaged('posts');
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(result.current.error).toMatchObject({ code: 'unavailable' });
    expect(result.current.items).toEqual([]);
    act(() => result.current.retry());
    await waitFor(() => expect(ids(result.current.items)).toEqual(['p7', 'p6', 'p5']));
  });
});
