import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Timestamp } from 'firebase/firestore';
import { useLocation } from 'react-router-dom';
import { routerAt } from 'shared-ui/src/testing/routerAt';
import type { ActivityItem, PagedQuery, WithId } from 'shared-firebase';
import * as sharedFirebase from 'shared-firebase';
import { staticPagedQuery, useFakePagedQuery } from 'shared-firebase/testing/fakePagedQuery';
import { liveMember } from 'shared-firebase/testing/members';
import { installFakeIntersectionObserver } from 'shared-ui/src/testing/fakeIntersectionObserver';
import type { FakeIntersection } from 'shared-ui/src/testing/fakeIntersectionObserver';
import * as data from '../data';
import { MARK_READ_DELAY_MS } from '../components/useMarkSeenRead';
import { ActivityPage } from './ActivityPage';

// The data layer is faked at its boundary; its plain constants stay real.
jest.mock('shared-firebase', () => jest.requireActual('../testing/sharedFirebaseFake').fake());
jest.mock('../data', () => jest.requireActual('../testing/dataFake').fakeData());

const fakes = jest.mocked(data);
const platform = jest.mocked(sharedFirebase);

const ME = 'me-uid';

function entry(
  id: string,
  type: ActivityItem['type'],
  actor: string,
  fields: Partial<ActivityItem> = {},
): WithId<ActivityItem> {
  return {
    id,
    type,
    actor,
    postId: type === 'follow' ? null : 'post-1',
    commentId: type === 'comment' || type === 'reply' ? 'comment-1' : null,
    createdAt: Timestamp.fromMillis(Date.UTC(2026, 0, 2, 3, 4)),
    read: false,
    ...fields,
  };
}

function Where() {
  const location = useLocation();
  return <p>Now at {location.pathname}</p>;
}

function page() {
  return routerAt('/activity', { '/activity': <ActivityPage />, '*': <Where /> });
}

const entries = () => within(screen.getByRole('list', { name: 'Activity' })).getAllByRole('link');

let intersection: FakeIntersection;

const hiding = ({ muted = [] as string[], loaded = true } = {}) =>
  platform.useHiddenMembers.mockReturnValue({
    blocked: new Set(),
    blockedBy: new Set(),
    muted: new Set(muted),
    loaded,
  });

beforeEach(() => {
  intersection = installFakeIntersectionObserver();
  hiding();
  platform.useSignedInUid.mockReturnValue(ME);
  platform.useMember.mockImplementation((uid) => liveMember(`Name of ${uid}`));
  fakes.markActivityRead.mockResolvedValue(undefined);
});

afterEach(() => {
  intersection.restore();
  jest.useRealTimers();
  jest.resetAllMocks();
});

describe('ActivityPage', () => {
  it('lists what happened, newest first as the data layer orders it, each with who and when', () => {
    fakes.useActivity.mockReturnValue(
      staticPagedQuery([
        entry('follow_bob', 'follow', 'bob'),
        entry('reply_c_0_cy', 'reply', 'cy'),
        entry('comment_c', 'comment', 'cy'),
        entry('like_p_bob', 'like', 'bob', { read: true }),
      ]),
    );
    render(page());
    expect(fakes.useActivity).toHaveBeenCalledWith(ME);
    expect(screen.getByRole('heading', { level: 1, name: 'Activity' })).toBeInTheDocument();
    expect(entries().map((link) => link.textContent?.replace(/\s+/g, ' '))).toEqual([
      expect.stringContaining('Name of bob started following you (new)'),
      expect.stringContaining('Name of cy replied to your comment (new)'),
      expect.stringContaining('Name of cy commented on your post (new)'),
      expect.stringMatching(/^Name of bob liked your post[^(]*$/),
    ]);
    const time = entries()[0]!.querySelector('time');
    expect(time).toHaveAttribute('datetime', '2026-01-02T03:04:00.000Z');
  });

  it('says who mentioned the member where, and leads to that post; a kind it does not know reads as a sentence', () => {
    fakes.useActivity.mockReturnValue(
      staticPagedQuery([
        entry('mention_post_p', 'mention', 'ann', { read: true, postId: 'p1' }),
        entry('mention_comment_c', 'mention', 'bob', {
          read: true,
          postId: 'p2',
          commentId: 'c1',
        }),
        // An item a newer function wrote, of a kind this page was built without.
        entry('poke_x', 'poke' as ActivityItem['type'], 'cy', { read: true, postId: 'p3' }),
      ]),
    );
    render(page());
    expect(entries().map((link) => link.textContent?.replace(/\s+/g, ' '))).toEqual([
      expect.stringContaining('Name of ann mentioned you in a post'),
      expect.stringContaining('Name of bob mentioned you in a comment'),
      expect.stringContaining('Name of cy did something that involves you'),
    ]);
    expect(entries().map((link) => link.getAttribute('href'))).toEqual([
      '/post/p1',
      '/post/p2',
      '/post/p3',
    ]);
  });

  it('leads to the post, or to the profile of a new follower', async () => {
    fakes.useActivity.mockReturnValue(
      staticPagedQuery([
        entry('follow_bob', 'follow', 'bob', { read: true }),
        entry('like_p_bob', 'like', 'bob', { read: true, postId: 'p 7' }),
      ]),
    );
    render(page());
    const [follow, like] = entries();
    expect(follow).toHaveAttribute('href', '/profile/bob');
    expect(like).toHaveAttribute('href', '/post/p%207');
    await userEvent.click(like!);
    expect(screen.getByText('Now at /post/p%207')).toBeInTheDocument();
  });

  it('marks unread items read once they have been on screen, together, and keeps them shown as new', () => {
    jest.useFakeTimers();
    let current: PagedQuery<ActivityItem> = staticPagedQuery([
      entry('a', 'like', 'bob'),
      entry('b', 'comment', 'cy'),
      entry('c', 'follow', 'dee', { read: true }),
    ]);
    fakes.useActivity.mockImplementation(() => current);
    const { rerender } = render(page());
    // Only unread entries are watched; nothing is marked before it is seen.
    expect(intersection.observed()).toHaveLength(2);
    act(() => jest.advanceTimersByTime(MARK_READ_DELAY_MS * 2));
    expect(fakes.markActivityRead).not.toHaveBeenCalled();

    const [a, b] = entries();
    act(() => intersection.scrollIntoView(a!));
    act(() => intersection.scrollIntoView(b!));
    act(() => jest.advanceTimersByTime(MARK_READ_DELAY_MS));
    expect(fakes.markActivityRead).toHaveBeenCalledTimes(1);
    expect(fakes.markActivityRead).toHaveBeenCalledWith(ME, ['a', 'b']);

    // The data layer reports them read: they stay "new" for this visit, and are not watched.
    current = staticPagedQuery([
      entry('a', 'like', 'bob', { read: true }),
      entry('b', 'comment', 'cy', { read: true }),
      entry('c', 'follow', 'dee', { read: true }),
    ]);
    rerender(page());
    expect(entries().map((link) => link.textContent?.includes('(new)'))).toEqual([
      true,
      true,
      false,
    ]);
    expect(intersection.observed()).toEqual([]);
  });

  it('shows a new item live, and marks it read when seen', () => {
    jest.useFakeTimers();
    let current = staticPagedQuery([entry('a', 'like', 'bob', { read: true })]);
    fakes.useActivity.mockImplementation(() => current);
    const { rerender } = render(page());
    current = staticPagedQuery([
      entry('z', 'follow', 'zed'),
      entry('a', 'like', 'bob', { read: true }),
    ]);
    rerender(page());
    expect(entries()[0]).toHaveTextContent('Name of zed started following you (new)');
    act(() => intersection.scrollIntoView(entries()[0]!));
    act(() => jest.advanceTimersByTime(MARK_READ_DELAY_MS));
    expect(fakes.markActivityRead).toHaveBeenCalledWith(ME, ['z']);
  });

  it('reads the next page when the last entry scrolls into view', () => {
    const reads = jest.fn();
    const all = Array.from({ length: 30 }, (_, i) =>
      entry(`like_${i}`, 'like', `m${i}`, { read: true }),
    );
    fakes.useActivity.mockImplementation(() => useFakePagedQuery(all, 20, reads));
    render(page());
    expect(entries()).toHaveLength(20);
    act(() => intersection.scrollIntoView(entries()[19]!.closest('li')!));
    expect(reads).toHaveBeenCalledTimes(1);
    expect(entries()).toHaveLength(30);
  });

  it('shows no item before the member’s blocks and mutes are known, so a muted member’s never flashes', () => {
    hiding({ muted: ['mia'], loaded: false });
    fakes.useActivity.mockReturnValue(
      staticPagedQuery([entry('a', 'like', 'mia'), entry('b', 'like', 'ben')]),
    );
    const view = render(page());
    expect(screen.getByRole('status')).toHaveTextContent('Loading activity…');
    expect(screen.queryByText(/Name of/)).not.toBeInTheDocument();
    hiding({ muted: ['mia'] });
    view.rerender(page());
    expect(entries()).toHaveLength(1);
    expect(screen.getByText(/Name of ben/)).toBeInTheDocument();
    expect(screen.queryByText(/Name of mia/)).not.toBeInTheDocument();
  });

  it('renders names as text, never as markup', () => {
    platform.useMember.mockReturnValue(liveMember('<img src=x onerror=alert(1)>'));
    fakes.useActivity.mockReturnValue(
      staticPagedQuery([entry('a', 'like', 'bob', { read: true })]),
    );
    render(page());
    expect(entries()[0]).toHaveTextContent('<img src=x onerror=alert(1)> liked your post');
    expect(entries()[0]!.querySelectorAll('img')).toHaveLength(1);
  });

  it('says so when nothing happened yet, shows a spinner while loading and an alert on failure', () => {
    fakes.useActivity.mockReturnValue(staticPagedQuery([]));
    const { unmount } = render(page());
    expect(screen.getByText(/Nothing yet/)).toBeInTheDocument();
    unmount();

    fakes.useActivity.mockReturnValue(staticPagedQuery([], { status: 'loading' }));
    const second = render(page());
    expect(screen.getByRole('status')).toHaveTextContent('Loading activity…');
    second.unmount();

    fakes.useActivity.mockReturnValue(staticPagedQuery([], { status: 'error' }));
    render(page());
    expect(screen.getByRole('alert')).toHaveTextContent('Activity could not be loaded.');
  });

  it('offers Retry when the activity cannot be loaded, and reads it again', async () => {
    const retry = jest.fn();
    fakes.useActivity.mockReturnValue(staticPagedQuery([], { status: 'error', retry }));
    render(page());
    expect(screen.getByRole('alert')).toHaveTextContent('Activity could not be loaded.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('keeps the items shown when a later page fails, with a Retry for the rest', async () => {
    const retry = jest.fn();
    fakes.useActivity.mockReturnValue(
      staticPagedQuery([entry('a', 'like', 'bob', { read: true })], {
        hasMore: true,
        retry,
        loadMoreError: new Error('unavailable') as never,
      }),
    );
    render(page());
    expect(entries()).toHaveLength(1);
    expect(screen.getByRole('alert')).toHaveTextContent('More activity could not be loaded.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });
});
