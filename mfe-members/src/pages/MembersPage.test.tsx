import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useParams } from 'react-router-dom';
import { routerAt } from 'shared-ui/src/testing/routerAt';
import type { PagedQuery, UserData, WithId } from 'shared-firebase';
import { placeholderAvatar } from 'shared-ui';
import { installFakeIntersectionObserver } from 'shared-ui/src/testing/fakeIntersectionObserver';
import type { FakeIntersection } from 'shared-ui/src/testing/fakeIntersectionObserver';
import { staticPagedQuery, useFakePagedQuery } from 'shared-firebase/testing/fakePagedQuery';
import { memberData } from 'shared-firebase/testing/members';
import { MEMBER_SEARCH_DEBOUNCE_MS, MEMBERS_PAGE_SIZE } from '../data';
import * as dataModule from '../data';
import { MembersPage } from './MembersPage';

// The remote's data module is faked at its boundary; its plain constants stay real.
jest.mock('../data', () => jest.requireActual('../testing/dataFake').fakeData());

const fakes = jest.mocked(dataModule);

function member(uid: string, userName: string, profilePicture: string | null = null) {
  const data: WithId<UserData> = { id: uid, ...memberData(userName, {}, { profilePicture }) };
  return data;
}

/** `count` members in the order the data layer hands them over (document id descending). */
function members(count: number): Array<WithId<UserData>> {
  return Array.from({ length: count }, (_, i) => {
    const n = String(count - i).padStart(3, '0');
    return member(`uid-${n}`, `Member ${n}`);
  });
}

function ProfileRoute() {
  const { userId } = useParams();
  return <p>Profile page {userId}</p>;
}

function page() {
  return routerAt('/members', {
    '/members': <MembersPage />,
    '/profile/:userId': <ProfileRoute />,
  });
}

function entryLinks() {
  return within(screen.getByRole('list')).getAllByRole('link');
}

/** The name an entry shows (its text holds the member tag too). */
function shownName(link: HTMLElement) {
  return link.querySelector('.ui-member__name')?.textContent;
}

let intersection: FakeIntersection;

beforeEach(() => {
  intersection = installFakeIntersectionObserver();
  // No search typed: the page asks for none.
  fakes.useMemberSearch.mockReturnValue(staticPagedQuery([], { status: 'loading' }));
});

afterEach(() => {
  intersection.restore();
  jest.resetAllMocks();
});

describe('MembersPage', () => {
  it("is titled 'Members' and lists every member in the data layer's order", () => {
    fakes.useMembers.mockReturnValue(
      staticPagedQuery([member('uid-c', 'Cleo'), member('uid-b', 'Bob'), member('uid-a', 'Ann')]),
    );
    render(page());
    expect(screen.getByRole('heading', { level: 1, name: 'Members' })).toBeInTheDocument();
    expect(entryLinks().map((link) => [shownName(link), link.getAttribute('href')])).toEqual([
      ['Cleo', '/profile/uid-c'],
      ['Bob', '/profile/uid-b'],
      ['Ann', '/profile/uid-a'],
    ]);
  });

  it('shows the picture, or the placeholder when a member has none', () => {
    fakes.useMembers.mockReturnValue(
      staticPagedQuery([
        member('uid-b', 'Bob', 'https://img.test/bob.png'),
        member('uid-a', 'Ann'),
      ]),
    );
    render(page());
    const [bob, ann] = entryLinks();
    expect(bob!.querySelector('img')).toHaveAttribute('src', 'https://img.test/bob.png');
    expect(ann!.querySelector('img')).toHaveAttribute('src', placeholderAvatar);
    // The name beside the picture names the link; the picture adds nothing to it; the member
    // tag, which tells look-alike names apart, describes it.
    expect(bob).toHaveAccessibleName('Bob');
    expect(bob).toHaveAccessibleDescription('ID uid-b');
    expect(bob).toHaveTextContent('ID uid-b');
  });

  it('opens the member profile from an entry', async () => {
    fakes.useMembers.mockReturnValue(
      staticPagedQuery([member('uid-b', 'Bob'), member('uid-a', 'Ann')]),
    );
    render(page());
    await userEvent.click(screen.getByRole('link', { name: 'Ann' }));
    expect(screen.getByText('Profile page uid-a')).toBeInTheDocument();
  });

  it('reads the next page when the last entry scrolls into view, until there are no more', () => {
    const reads = jest.fn();
    const all = members(45);
    fakes.useMembers.mockImplementation(() => useFakePagedQuery(all, MEMBERS_PAGE_SIZE, reads));
    render(page());

    expect(entryLinks()).toHaveLength(20);
    expect(intersection.observed()).toEqual([entryLinks()[19]!.closest('li')]);
    act(() => intersection.scrollIntoView(entryLinks()[10]!.closest('li')!));
    expect(reads).not.toHaveBeenCalled();

    act(() => intersection.scrollIntoView(entryLinks()[19]!.closest('li')!));
    expect(entryLinks()).toHaveLength(40);
    act(() => intersection.scrollIntoView(entryLinks()[39]!.closest('li')!));
    expect(reads).toHaveBeenCalledTimes(2);
    expect(entryLinks().map((link) => link.getAttribute('href'))).toEqual(
      all.map((m) => `/profile/${m.id}`),
    );
    expect(intersection.observed()).toEqual([]);
  });

  it('keeps reading while the end of a freshly loaded page is still in view', () => {
    const reads = jest.fn();
    intersection.showEverything();
    fakes.useMembers.mockImplementation(() =>
      useFakePagedQuery(members(45), MEMBERS_PAGE_SIZE, reads),
    );
    render(page());
    expect(reads).toHaveBeenCalledTimes(2);
    expect(entryLinks()).toHaveLength(45);
  });

  it('shows a new member and a changed name or picture as the data layer reports them', () => {
    let current: PagedQuery<UserData> = staticPagedQuery([
      member('uid-b', 'Bob'),
      member('uid-a', 'Ann'),
    ]);
    fakes.useMembers.mockImplementation(() => current);
    const { rerender } = render(page());

    current = staticPagedQuery([
      member('uid-c', 'Cleo'),
      member('uid-b', 'Bobby', 'https://img.test/bobby.png'),
      member('uid-a', 'Ann'),
    ]);
    rerender(page());
    expect(entryLinks().map((link) => shownName(link))).toEqual(['Cleo', 'Bobby', 'Ann']);
    expect(screen.getByRole('link', { name: 'Bobby' }).querySelector('img')).toHaveAttribute(
      'src',
      'https://img.test/bobby.png',
    );
  });

  it('renders names as text, never as markup', () => {
    fakes.useMembers.mockReturnValue(staticPagedQuery([member('uid-x', '<b>bold</b>')]));
    render(page());
    expect(screen.getByRole('link', { name: '<b>bold</b>' })).toBeInTheDocument();
    expect(document.querySelector('b')).toBeNull();
  });

  it('says so when there are no members', () => {
    fakes.useMembers.mockReturnValue(staticPagedQuery([]));
    render(page());
    expect(screen.getByText('No members yet')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('shows a spinner while the first page loads and an alert when reading fails', () => {
    fakes.useMembers.mockReturnValue(staticPagedQuery([], { status: 'loading' }));
    const { unmount } = render(page());
    expect(screen.getByRole('status')).toHaveTextContent('Loading members…');
    unmount();

    fakes.useMembers.mockReturnValue(staticPagedQuery([], { status: 'error' }));
    render(page());
    expect(screen.getByRole('alert')).toHaveTextContent('Members could not be loaded.');
  });

  it('offers Retry on a failed read, and keeps what is shown when a later page fails', async () => {
    const retry = jest.fn();
    fakes.useMembers.mockReturnValue(staticPagedQuery([], { status: 'error', retry }));
    const { unmount } = render(page());
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledTimes(1);
    unmount();

    const shown = members(3);
    fakes.useMembers.mockReturnValue(
      staticPagedQuery(shown, { hasMore: true, retry, loadMoreError: new Error('x') as never }),
    );
    render(page());
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByRole('alert')).toHaveTextContent('More members could not be loaded.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledTimes(2);
  });
});

describe('MembersPage search', () => {
  const everyone = [member('uid-c', 'Cleo'), member('uid-b', 'Bob'), member('uid-a', 'Anna')];

  beforeEach(() => {
    jest.useFakeTimers();
    fakes.useMembers.mockReturnValue(staticPagedQuery(everyone));
    // The data layer's search: members whose name starts with the searched text, any case.
    fakes.useMemberSearch.mockImplementation((typed) => {
      const prefix = typed.trim().toLowerCase();
      return staticPagedQuery(
        prefix ? everyone.filter((m) => m.userInfo.userName.toLowerCase().startsWith(prefix)) : [],
      );
    });
  });

  afterEach(() => {
    jest.useRealTimers();
  });

  const typeInSearch = async (text: string) => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    await user.type(screen.getByRole('searchbox', { name: 'Search members' }), text);
    return user;
  };
  const shownNames = () =>
    within(screen.getByRole('list'))
      .getAllByRole('link')
      .map((link) => shownName(link));

  it('searches once typing pauses, not on every keystroke', async () => {
    render(page());
    await typeInSearch('AN');
    // Still the whole list, and no search asked for yet.
    expect(shownNames()).toEqual(['Cleo', 'Bob', 'Anna']);
    expect(fakes.useMemberSearch.mock.calls.map(([typed]) => typed)).not.toContain('AN');
    act(() => jest.advanceTimersByTime(MEMBER_SEARCH_DEBOUNCE_MS));
    expect(fakes.useMemberSearch).toHaveBeenLastCalledWith('AN');
    expect(screen.getByRole('list', { name: 'Members whose name starts with “AN”' })).toBeVisible();
    expect(shownNames()).toEqual(['Anna']);
  });

  it('says when no member matches, and clearing the field brings the full list back at once', async () => {
    render(page());
    const user = await typeInSearch('zed');
    act(() => jest.advanceTimersByTime(MEMBER_SEARCH_DEBOUNCE_MS));
    expect(screen.getByText('No member’s name starts with “zed”')).toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox', { name: 'Search members' }));
    expect(screen.getByRole('list', { name: 'All members' })).toBeVisible();
    expect(shownNames()).toEqual(['Cleo', 'Bob', 'Anna']);
  });

  it('treats spaces alone as no search', async () => {
    render(page());
    await typeInSearch('   ');
    act(() => jest.advanceTimersByTime(MEMBER_SEARCH_DEBOUNCE_MS));
    expect(screen.getByRole('list', { name: 'All members' })).toBeVisible();
  });

  it('shows live changes of the results as the data layer reports them', async () => {
    let results = staticPagedQuery([member('uid-a', 'Anna')]);
    fakes.useMemberSearch.mockImplementation((typed) => (typed ? results : staticPagedQuery([])));
    const { rerender } = render(page());
    await typeInSearch('an');
    act(() => jest.advanceTimersByTime(MEMBER_SEARCH_DEBOUNCE_MS));
    expect(shownNames()).toEqual(['Anna']);
    results = staticPagedQuery([member('uid-a', 'Anna'), member('uid-d', 'Andy')]);
    rerender(page());
    expect(shownNames()).toEqual(['Anna', 'Andy']);
  });
});
