import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import * as data from '../data';
import { ProfileCounts } from './ProfileCounts';
import { fakeFollowLists } from '../testing/followLists';

jest.mock('shared-firebase', () => jest.requireActual('../testing/sharedFirebaseFake').fake());
jest.mock('../data', () => jest.requireActual('../testing/dataFake').fakeData());

const fakes = jest.mocked(data);
const lists = fakeFollowLists(['a', 'b', 'c'], ['d']);

function renderCounts(postsCount = 2) {
  const user = userEvent.setup();
  const view = render(
    <MemoryRouter>
      <ProfileCounts userId="ann" postsCount={postsCount} />
    </MemoryRouter>,
  );
  const rerender = (count = postsCount) =>
    view.rerender(
      <MemoryRouter>
        <ProfileCounts userId="ann" postsCount={count} />
      </MemoryRouter>,
    );
  return { user, rerender };
}

describe('ProfileCounts', () => {
  it('shows posts, followers and following, the lists linked', () => {
    renderCounts(2);
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
    expect(fakes.useFollowerUids).toHaveBeenCalledWith('ann');
    expect(fakes.useFollowingUids).toHaveBeenCalledWith('ann');
  });

  it('follows the live documents: counts change as members follow, unfollow and post', () => {
    const { rerender } = renderCounts(1);
    expect(screen.getByText('1 post')).toBeInTheDocument();
    lists.followers = { status: 'ready', uids: ['a'] };
    lists.following = { status: 'ready', uids: [] };
    rerender(0);
    expect(screen.getByText('0 posts')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '1 follower' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '0 following' })).toBeInTheDocument();
  });

  it('offers Retry when a count cannot be loaded, and reads again', async () => {
    lists.followers = { status: 'error', error: new Error('unavailable') as never };
    const { user } = renderCounts();
    expect(screen.getByText('The follower counts could not be loaded.')).toBeInTheDocument();
    lists.followers = { status: 'ready', uids: ['a'] };
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(screen.getByRole('link', { name: '1 follower' })).toBeInTheDocument();
  });
});
