import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import * as sharedFirebase from 'shared-firebase';
import { placeholderAvatar } from 'shared-ui';
import { memberData } from 'shared-firebase/testing/members';
import * as data from '../data';
import { POST_LIST_MODULE } from '../components/ProfilePosts';
import { ProfilePage } from './ProfilePage';

jest.mock('shared-firebase', () =>
  jest.requireActual('../testing/sharedFirebaseFake').fake(['useHiddenMembers']),
);
jest.mock('../data', () => jest.requireActual('../testing/dataFake').fakeData());

const fakes = jest.mocked(data);
const platform = jest.mocked(sharedFirebase);

/** The post list never arrives here; ProfilePosts.test.tsx covers mounting it. */
const loadNever = jest.fn(() => new Promise<never>(() => {}));

function pageAt(path: string) {
  return (
    <MemoryRouter initialEntries={['/elsewhere', path]} initialIndex={1}>
      <Routes>
        <Route path="/profile/:userId" element={<ProfilePage loadRemoteModule={loadNever} />} />
        <Route path="/404" element={<p>not found page</p>} />
        <Route path="/edit-profile" element={<p>edit page</p>} />
        <Route path="/elsewhere" element={<p>previous page</p>} />
      </Routes>
    </MemoryRouter>
  );
}

function renderAt(path: string) {
  const view = render(pageAt(path));
  /** Renders the same page again, as a live hook's new answer does. */
  return { rerender: () => view.rerender(pageAt(path)) };
}

const hiding = ({ blockedBy = [] as string[], loaded = true } = {}) =>
  platform.useHiddenMembers.mockReturnValue({
    blocked: new Set(),
    blockedBy: new Set(blockedBy),
    muted: new Set(),
    loaded,
  });

beforeEach(() => {
  platform.useSignedInUid.mockReturnValue('me');
  hiding();
  fakes.useFollowerUids.mockReturnValue({ status: 'ready', uids: ['a', 'b'] });
  fakes.useFollowingUids.mockReturnValue({ status: 'ready', uids: ['c'] });
  fakes.useFollowStatus.mockReturnValue({ status: 'ready', following: false });
  fakes.useNameChangeNeed.mockReturnValue('none');
});

afterEach(() => jest.clearAllMocks());

describe('ProfilePage', () => {
  it("shows the viewer's own profile with Edit profile and no Follow button", () => {
    platform.useMember.mockReturnValue({
      status: 'ready',
      data: memberData('Ann', {
        From: 'Kenya',
        dob: '3rd Jul 1990',
        userAbout: 'Maps <b>! https://maps.example/ann',
      }),
    });
    renderAt('/profile/me');
    // Their own card, with this page's own writes at once (useOwnMember).
    expect(platform.useOwnMember).toHaveBeenCalledWith('me');
    expect(screen.getByRole('heading', { level: 1, name: 'Ann' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: "Ann's profile picture" })).toHaveAttribute(
      'src',
      placeholderAvatar,
    );
    expect(screen.getByRole('img', { name: 'No cover image' })).toBeInTheDocument();
    expect(screen.getByText('Maps <b>!', { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'maps.example/ann' })).toHaveAttribute(
      'href',
      'https://maps.example/ann',
    );
    expect(screen.getByRole('link', { name: 'Edit profile' })).toHaveAttribute(
      'href',
      '/edit-profile',
    );
    expect(screen.queryByRole('button', { name: /Follow/ })).not.toBeInTheDocument();

    const intro = screen.getByRole('region', { name: 'Intro' });
    const terms = within(intro)
      .getAllByRole('term')
      .map((term) => term.textContent);
    const values = within(intro)
      .getAllByRole('definition')
      .map((value) => value.textContent);
    expect(terms).toEqual(['From', 'Lives in', 'Date of birth']);
    expect(values).toEqual(['Kenya', 'Kenya', '3rd Jul 1990']);
    expect(screen.getByRole('heading', { name: 'Posts' })).toBeInTheDocument();
  });

  it("shows another member's pictures and a Follow toggle instead of Edit profile", () => {
    platform.useMember.mockReturnValue({
      status: 'ready',
      data: memberData(
        'Bob',
        {},
        {
          profilePicture: 'https://example.test/bob.png',
          profileCover: 'https://example.test/c.png',
        },
      ),
    });
    renderAt('/profile/bob');
    // Another member's card: no lists downloaded.
    expect(platform.useMember).toHaveBeenCalledWith('bob');
    expect(platform.useOwnMember).not.toHaveBeenCalledWith('bob');
    expect(screen.getByRole('img', { name: "Bob's profile picture" })).toHaveAttribute(
      'src',
      'https://example.test/bob.png',
    );
    expect(screen.getByRole('img', { name: "Bob's cover image" })).toHaveAttribute(
      'src',
      'https://example.test/c.png',
    );
    expect(screen.getByRole('button', { name: 'Follow' })).toHaveAttribute('aria-pressed', 'false');
    expect(fakes.useFollowerUids).toHaveBeenCalledWith('bob');
    expect(fakes.useFollowingUids).toHaveBeenCalledWith('bob');
    expect(screen.queryByRole('link', { name: 'Edit profile' })).not.toBeInTheDocument();
    const intro = screen.getByRole('region', { name: 'Intro' });
    expect(
      within(intro)
        .getAllByRole('definition')
        .map((value) => value.textContent),
    ).toEqual(['Not given', 'Not given', 'Not given']);
  });

  it("shows Followed from the viewer's edge, counting their own follow before it is listed", () => {
    platform.useMember.mockReturnValue({ status: 'ready', data: memberData('Bob') });
    fakes.useFollowerUids.mockReturnValue({ status: 'ready', uids: ['a'] });
    fakes.useFollowStatus.mockReturnValue({ status: 'ready', following: true });
    const view = renderAt('/profile/bob');
    expect(screen.getByRole('button', { name: 'Followed' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(fakes.useFollowStatus).toHaveBeenCalledWith('me', 'bob');
    expect(screen.getByRole('link', { name: '2 followers' })).toBeInTheDocument();
    // Unfollowed: the button and the count turn before the function removes the viewer.
    fakes.useFollowerUids.mockReturnValue({ status: 'ready', uids: ['a', 'me'] });
    fakes.useFollowStatus.mockReturnValue({ status: 'ready', following: false });
    view.rerender();
    expect(screen.getByRole('button', { name: 'Follow' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '1 follower' })).toBeInTheDocument();
  });

  it.each([
    ['the profile', { member: 'loading', followers: 'ready', following: 'ready' }],
    ['its followers', { member: 'ready', followers: 'loading', following: 'ready' }],
    ['its following', { member: 'ready', followers: 'ready', following: 'loading' }],
  ] as const)(
    'shows only the spinner while %s loads: the page appears whole, its rows never move',
    (_, states) => {
      platform.useMember.mockReturnValue(
        states.member === 'ready'
          ? { status: 'ready', data: memberData('Bob') }
          : { status: 'loading' },
      );
      const list = (state: 'ready' | 'loading') =>
        state === 'ready'
          ? { status: 'ready' as const, uids: ['me'] }
          : { status: 'loading' as const };
      fakes.useFollowerUids.mockReturnValue(list(states.followers));
      fakes.useFollowingUids.mockReturnValue(list(states.following));
      renderAt('/profile/bob');
      expect(screen.getByRole('status')).toHaveTextContent('Loading profile…');
      expect(screen.queryByRole('heading')).not.toBeInTheDocument();
      expect(screen.queryByRole('button')).not.toBeInTheDocument();
      expect(screen.queryByRole('list', { name: 'Counts' })).not.toBeInTheDocument();
      // A member the function has not counted yet: the lists, once the profile says so.
      expect(platform.useMember).toHaveBeenCalledWith('bob');
      const listsRead = states.member === 'ready' ? 'bob' : null;
      expect(fakes.useFollowerUids).toHaveBeenLastCalledWith(listsRead);
      expect(fakes.useFollowingUids).toHaveBeenLastCalledWith(listsRead);
    },
  );

  it('shows the counts the functions keep, without reading the lists, beyond their bound too', () => {
    platform.useMember.mockReturnValue({
      status: 'ready',
      data: { ...memberData('Bob'), counts: { followers: 2500, following: 3 } },
    });
    fakes.useFollowStatus.mockReturnValue({ status: 'ready', following: false });
    const view = renderAt('/profile/bob');
    expect(fakes.useFollowerUids).not.toHaveBeenCalledWith('bob');
    expect(fakes.useFollowingUids).not.toHaveBeenCalledWith('bob');
    expect(screen.getByRole('link', { name: '2500 followers' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '3 following' })).toBeInTheDocument();
    // The viewer follows: counted at once, and once only when the function's count arrives.
    fakes.useFollowStatus.mockReturnValue({ status: 'ready', following: true });
    view.rerender();
    expect(screen.getByRole('link', { name: '2501 followers' })).toBeInTheDocument();
    platform.useMember.mockReturnValue({
      status: 'ready',
      data: { ...memberData('Bob'), counts: { followers: 2501, following: 3 } },
    });
    view.rerender();
    expect(screen.getByRole('link', { name: '2501 followers' })).toBeInTheDocument();
  });

  it('offers Retry when the follow lists or state cannot be loaded, and reads them again', async () => {
    platform.useMember.mockReturnValue({ status: 'ready', data: memberData('Bob') });
    fakes.useFollowerUids.mockReturnValue({ status: 'error', error: new Error('x') as never });
    fakes.useFollowStatus.mockReturnValue({ status: 'error', error: new Error('x') });
    renderAt('/profile/bob');
    expect(screen.getByRole('heading', { level: 1, name: 'Bob' })).toBeInTheDocument();
    expect(screen.getByText('The follower counts could not be loaded.')).toBeInTheDocument();
    expect(screen.getByText('The follow state could not be loaded.')).toBeInTheDocument();
    fakes.useFollowerUids.mockReturnValue({ status: 'ready', uids: ['me'] });
    fakes.useFollowStatus.mockReturnValue({ status: 'ready', following: true });
    await userEvent.setup().click(screen.getAllByRole('button', { name: 'Retry' })[0]!);
    expect(screen.getByRole('button', { name: 'Followed' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '1 follower' })).toBeInTheDocument();
  });

  it('shows a suspended member’s profile as unavailable to others, and to no one else', () => {
    const suspended = { ...memberData('Bob'), authorSuspended: true as const };
    platform.useMember.mockReturnValue({ status: 'ready', data: suspended });
    renderAt('/profile/bob');
    expect(screen.getByRole('heading', { name: 'Profile unavailable' })).toBeInTheDocument();
    expect(screen.queryByText('Bob')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Follow' })).not.toBeInTheDocument();
    cleanup();
    // Their own page (they cannot sign in while suspended, but the page does not decide that).
    renderAt('/profile/me');
    expect(screen.queryByRole('heading', { name: 'Profile unavailable' })).not.toBeInTheDocument();
  });

  it('never shows a profile before the viewer’s blocks are known, so a blocker’s never flashes', () => {
    platform.useMember.mockReturnValue({ status: 'ready', data: memberData('Bob') });
    hiding({ loaded: false });
    const view = renderAt('/profile/bob');
    expect(screen.getByRole('status')).toHaveTextContent('Loading profile…');
    expect(screen.queryByText('Bob')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Counts' })).not.toBeInTheDocument();
    // Bob blocked the viewer: once that is known the page is unavailable, never his.
    hiding({ blockedBy: ['bob'] });
    view.rerender();
    expect(screen.getByRole('heading', { name: 'Profile unavailable' })).toBeInTheDocument();
    expect(screen.queryByText('Bob')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Follow' })).not.toBeInTheDocument();
  });

  it('sends an unknown member to /404, replacing the history entry', async () => {
    platform.useMember.mockReturnValue({ status: 'missing' });
    renderAt('/profile/ghost');
    expect(await screen.findByText('not found page')).toBeInTheDocument();
  });

  it('shows the member tag under the name, which tells look-alike names apart', () => {
    platform.useMember.mockReturnValue({ status: 'ready', data: memberData('аlice') });
    renderAt('/profile/q8Wd2kLmN0pZ');
    const header = screen.getByRole('banner');
    expect(within(header).getByText('ID q8Wd2kLm')).toBeInTheDocument();
  });

  it('asks a member whose name another member holds to choose a new one, without blocking', () => {
    platform.useMember.mockReturnValue({ status: 'ready', data: memberData('Ann') });
    fakes.useNameChangeNeed.mockReturnValue('taken');
    renderAt('/profile/me');
    const prompt = screen.getByRole('complementary', { name: 'Choose a new username' });
    expect(prompt).toHaveTextContent('Another member has a username that counts as the same');
    expect(within(prompt).getByRole('link', { name: 'Choose a new username' })).toHaveAttribute(
      'href',
      '/edit-profile',
    );
    expect(screen.getByRole('link', { name: 'Edit profile' })).toBeInTheDocument();
  });

  it('never asks on another member’s profile, nor when the name is fine', () => {
    platform.useMember.mockReturnValue({ status: 'ready', data: memberData('Ann') });
    fakes.useNameChangeNeed.mockReturnValue('taken');
    renderAt('/profile/someone');
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
    fakes.useNameChangeNeed.mockReturnValue('none');
    renderAt('/profile/me');
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
  });

  it("shows a spinner while the profile loads, feed's post list already on its way", () => {
    platform.useMember.mockReturnValue({ status: 'loading' });
    renderAt('/profile/bob');
    expect(screen.getByRole('status')).toHaveTextContent('Loading profile…');
    expect(screen.queryByText('not found page')).not.toBeInTheDocument();
    expect(loadNever).toHaveBeenCalledWith(POST_LIST_MODULE);
  });

  it('offers Retry when the profile cannot be loaded, and reads it again', async () => {
    platform.useMember.mockReturnValue({ status: 'error', error: new Error('x') as never });
    renderAt('/profile/ann');
    expect(screen.getByText('This profile could not be loaded.')).toBeInTheDocument();
    platform.useMember.mockReturnValue({ status: 'ready', data: memberData('Ann') });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Ann' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '2 followers' })).toBeInTheDocument();
  });
});
