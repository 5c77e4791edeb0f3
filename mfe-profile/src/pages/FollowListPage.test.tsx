import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import * as sharedFirebase from 'shared-firebase';
import { liveMember } from 'shared-firebase/testing/members';
import * as data from '../data';
import { FollowListPage } from './FollowListPage';
import { fakeFollowLists } from '../testing/followLists';

jest.mock('shared-firebase', () => ({
  ...jest.requireActual('../testing/sharedFirebaseFake').fake(),
  useHiddenMembers: jest.fn(),
}));
jest.mock('../data', () => jest.requireActual('../testing/dataFake').fakeData());

const fakes = jest.mocked(data);
const platform = jest.mocked(sharedFirebase);
const lists = fakeFollowLists(['bob', 'me', 'cy'], ['dee']);

const hiding = (blocked: string[] = [], blockedBy: string[] = [], loaded = true) =>
  jest.mocked(platform.useHiddenMembers).mockReturnValue({
    blocked: new Set(blocked),
    blockedBy: new Set(blockedBy),
    muted: new Set(),
    loaded,
  });

beforeEach(() => {
  hiding();
  platform.useSignedInUid.mockReturnValue('me');
  jest
    .mocked(platform.useMember)
    .mockImplementation((uid) =>
      uid === 'ghost' ? { status: 'missing' } : liveMember(`Name of ${uid}`),
    );
  fakes.useFollowStatus.mockReturnValue({ status: 'ready', following: false });
  fakes.setFollowing.mockReset().mockResolvedValue(undefined);
});

function renderAt(path: string) {
  const user = userEvent.setup();
  const view = render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/profile/:userId/followers" element={<FollowListPage kind="followers" />} />
        <Route path="/profile/:userId/following" element={<FollowListPage kind="following" />} />
        <Route path="/404" element={<p>not found page</p>} />
      </Routes>
    </MemoryRouter>,
  );
  return { user, view };
}

const names = () =>
  within(screen.getByRole('list'))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('FollowListPage', () => {
  it('shows no member before the viewer’s blocks are known, so a blocker’s row never flashes', () => {
    hiding([], ['cy'], false);
    const { view } = renderAt('/profile/ann/followers');
    expect(screen.getByRole('status')).toHaveTextContent('Loading members…');
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    hiding([], ['cy']);
    view.rerender(
      <MemoryRouter initialEntries={['/profile/ann/followers']}>
        <Routes>
          <Route path="/profile/:userId/followers" element={<FollowListPage kind="followers" />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(names()).toEqual(['Name of me', 'Name of bob']);
  });

  it('lists the followers newest first, each linking to their profile', () => {
    renderAt('/profile/ann/followers');
    expect(screen.getByRole('heading', { name: "Name of ann's followers" })).toBeInTheDocument();
    expect(fakes.useFollowerUids).toHaveBeenCalledWith('ann');
    expect(names()).toEqual(['Name of cy', 'Name of me', 'Name of bob']);
    expect(screen.getByRole('link', { name: 'Name of cy' })).toHaveAttribute('href', '/profile/cy');
  });

  it('offers a Follow toggle on every member but the viewer', async () => {
    const { user } = renderAt('/profile/ann/followers');
    expect(screen.getAllByRole('button', { name: 'Follow' })).toHaveLength(2);
    const row = screen.getByRole('link', { name: 'Name of bob' }).closest('li')!;
    await user.click(within(row).getByRole('button', { name: 'Follow' }));
    expect(fakes.setFollowing).toHaveBeenCalledWith('me', 'bob', true);
  });

  it('lists whom the member follows', () => {
    renderAt('/profile/ann/following');
    expect(screen.getByRole('heading', { name: 'Name of ann follows' })).toBeInTheDocument();
    expect(names()).toEqual(['Name of dee']);
  });

  it('is live: a new follower appears, one who left goes', () => {
    const { view } = renderAt('/profile/ann/followers');
    lists.followers = { status: 'ready', uids: ['bob', 'cy', 'eve'] };
    view.rerender(
      <MemoryRouter initialEntries={['/profile/ann/followers']}>
        <Routes>
          <Route path="/profile/:userId/followers" element={<FollowListPage kind="followers" />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(names()).toEqual(['Name of eve', 'Name of cy', 'Name of bob']);
  });

  it('shows members in pages', async () => {
    lists.followers = { status: 'ready', uids: Array.from({ length: 45 }, (_, i) => `m${i}`) };
    const { user } = renderAt('/profile/ann/followers');
    expect(names()).toHaveLength(20);
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(names()).toHaveLength(40);
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(names()).toHaveLength(45);
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('says when the list is empty', () => {
    lists.following = { status: 'ready', uids: [] };
    renderAt('/profile/ann/following');
    expect(screen.getByText('Not following anyone yet.')).toBeInTheDocument();
  });

  it('offers Retry when the list cannot be loaded, and reads it again', async () => {
    lists.followers = { status: 'error', error: new Error('unavailable') as never };
    const { user } = renderAt('/profile/ann/followers');
    expect(screen.getByText('This list could not be loaded.')).toBeInTheDocument();
    lists.followers = { status: 'ready', uids: ['bob'] };
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(names()).toEqual(['Name of bob']);
  });

  it('leaves out members blocked either way and suspended members, and shows the others', () => {
    hiding(['bob'], ['cy']);
    lists.followers = { status: 'ready', uids: ['bob', 'cy', 'sus', 'dee', 'eve'] };
    jest.mocked(platform.useMember).mockImplementation((uid) => {
      const member = liveMember(`Name of ${uid}`);
      return uid === 'sus' && member.status === 'ready'
        ? { status: 'ready', data: { ...member.data, authorSuspended: true } }
        : member;
    });
    renderAt('/profile/ann/followers');
    expect(names()).toEqual(['Name of eve', 'Name of dee']);
  });

  it('says the list is empty when every member in it is blocked either way', () => {
    hiding(['dee']);
    renderAt('/profile/ann/following');
    expect(screen.getByText('Not following anyone yet.')).toBeInTheDocument();
  });

  it('sends an unknown member to /404', () => {
    renderAt('/profile/ghost/followers');
    expect(screen.getByText('not found page')).toBeInTheDocument();
  });
});
