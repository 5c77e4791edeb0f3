import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { LiveUidList } from '../data';
import { ProfileCounts } from './ProfileCounts';

const ready = (uids: string[]): LiveUidList => ({ status: 'ready', uids });

function renderCounts(postsCount: number, followers: LiveUidList, following: LiveUidList) {
  const onRetry = jest.fn();
  const counts = (posts: number, lists: { followers: LiveUidList; following: LiveUidList }) => (
    <MemoryRouter>
      <ProfileCounts userId="ann" postsCount={posts} {...lists} onRetry={onRetry} />
    </MemoryRouter>
  );
  const view = render(counts(postsCount, { followers, following }));
  const rerender = (posts: number, lists: { followers: LiveUidList; following: LiveUidList }) =>
    view.rerender(counts(posts, lists));
  return { onRetry, rerender };
}

describe('ProfileCounts', () => {
  it('shows posts, followers and following, the lists linked', () => {
    renderCounts(2, ready(['a', 'b', 'c']), ready(['d']));
    const counts = screen.getByRole('list', { name: 'Counts' });
    expect(within(counts).getByText('2 posts')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '3 followers' })).toHaveAttribute(
      'href',
      '/profile/ann/followers',
    );
    expect(screen.getByRole('link', { name: '1 following' })).toHaveAttribute(
      'href',
      '/profile/ann/following',
    );
  });

  it('follows the live lists: counts change as members follow, unfollow and post', () => {
    const { rerender } = renderCounts(1, ready(['a', 'b', 'c']), ready(['d']));
    expect(screen.getByText('1 post')).toBeInTheDocument();
    rerender(0, { followers: ready(['a']), following: ready([]) });
    expect(screen.getByText('0 posts')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '1 follower' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '0 following' })).toBeInTheDocument();
  });

  it('offers Retry when a list cannot be loaded, and asks for it to be read again', async () => {
    const { onRetry } = renderCounts(
      2,
      { status: 'error', error: new Error('unavailable') as never },
      ready([]),
    );
    expect(screen.getByText('The follower counts could not be loaded.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Counts' })).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
