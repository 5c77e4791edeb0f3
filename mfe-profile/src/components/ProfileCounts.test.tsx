import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { ProfileCounts } from './ProfileCounts';

interface Shown {
  posts: number;
  followers: number | null;
  following: number | null;
  failed?: boolean;
}

function renderCounts(first: Shown) {
  const onRetry = jest.fn();
  const counts = ({ posts, followers, following, failed = false }: Shown) => (
    <MemoryRouter>
      <ProfileCounts
        userId="ann"
        postsCount={posts}
        followersCount={followers}
        followingCount={following}
        failed={failed}
        onRetry={onRetry}
      />
    </MemoryRouter>
  );
  const view = render(counts(first));
  return { onRetry, rerender: (next: Shown) => view.rerender(counts(next)) };
}

describe('ProfileCounts', () => {
  it('shows posts, followers and following, the lists linked', () => {
    renderCounts({ posts: 2, followers: 3, following: 1 });
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

  it('follows the live counts, and says when one is not known yet', () => {
    const { rerender } = renderCounts({ posts: 1, followers: 3, following: 1 });
    expect(screen.getByText('1 post')).toBeInTheDocument();
    rerender({ posts: 0, followers: 1, following: 0 });
    expect(screen.getByText('0 posts')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '1 follower' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '0 following' })).toBeInTheDocument();
    rerender({ posts: 0, followers: null, following: 2500 });
    expect(screen.getByRole('link', { name: '… followers' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '2500 following' })).toBeInTheDocument();
  });

  it('offers Retry when a list cannot be loaded, and asks for it to be read again', async () => {
    const { onRetry } = renderCounts({ posts: 2, followers: null, following: 0, failed: true });
    expect(screen.getByText('The follower counts could not be loaded.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Counts' })).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
