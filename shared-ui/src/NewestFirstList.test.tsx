import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NewestFirstList } from './NewestFirstList';

function renderList(items: readonly string[]) {
  return render(
    <NewestFirstList items={items} pageSize={2} emptyText="Nobody yet." label="People">
      {(item) => <li key={item}>{item}</li>}
    </NewestFirstList>,
  );
}

function shownItems() {
  const list = screen.getByRole('list', { name: 'People' });
  return within(list)
    .getAllByRole('listitem')
    .map((item) => item.textContent);
}

describe('NewestFirstList', () => {
  it('shows the newest page first, and the next one on "Show more" until all are shown', async () => {
    renderList(['a', 'b', 'c', 'd', 'e']);
    expect(shownItems()).toEqual(['e', 'd']);
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(shownItems()).toEqual(['e', 'd', 'c', 'b']);
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(shownItems()).toEqual(['e', 'd', 'c', 'b', 'a']);
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it('keeps the pages shown when the live list grows', async () => {
    const view = renderList(['a', 'b', 'c']);
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    view.rerender(
      <NewestFirstList
        items={['a', 'b', 'c', 'd']}
        pageSize={2}
        emptyText="Nobody yet."
        label="People"
      >
        {(item) => <li key={item}>{item}</li>}
      </NewestFirstList>,
    );
    expect(shownItems()).toEqual(['d', 'c', 'b', 'a']);
  });

  it('shows the empty text, and no list, when there is no entry', () => {
    renderList([]);
    expect(screen.getByText('Nobody yet.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
