import { render, screen } from '@testing-library/react';
import { InfiniteList } from './InfiniteList';
import type { PagedItems } from './InfiniteList';

const TEXT = {
  loading: 'Loading posts…',
  failed: 'The posts could not be loaded.',
  loadingMore: 'Loading more posts…',
  moreFailed: 'More posts could not be loaded.',
  empty: 'Nothing here yet.',
};

function list(overrides: Partial<PagedItems<{ name: string }>>): PagedItems<{ name: string }> {
  return {
    items: [],
    status: 'ready',
    hasMore: false,
    loadingMore: false,
    loadMore: () => {},
    loadMoreError: null,
    retry: () => {},
    ...overrides,
  };
}

function renderList(paged: PagedItems<{ name: string }>) {
  render(
    <InfiniteList list={paged} text={TEXT} label="Posts" className="list" itemClassName="item">
      {(item) => item.name}
    </InfiniteList>,
  );
}

describe('InfiniteList', () => {
  it('says it is empty only when no page is left to read', () => {
    renderList(list({}));
    expect(screen.getByText('Nothing here yet.')).toBeInTheDocument();
  });

  it('keeps loading, not "empty", while all read so far is hidden and more pages remain', () => {
    renderList(list({ hasMore: true, loadingMore: true }));
    expect(screen.getByRole('status')).toHaveTextContent('Loading posts…');
    expect(screen.queryByText('Nothing here yet.')).not.toBeInTheDocument();
  });

  it('offers Retry when that next page fails', () => {
    renderList(list({ hasMore: true, loadMoreError: new Error('down') }));
    expect(screen.getByText('More posts could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('shows the items, as a named list', () => {
    renderList(list({ items: [{ id: 'a', name: 'Ann' }], hasMore: true }));
    expect(screen.getByRole('list', { name: 'Posts' })).toHaveTextContent('Ann');
  });
});
