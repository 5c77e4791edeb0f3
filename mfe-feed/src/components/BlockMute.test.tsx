import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import * as sharedFirebase from 'shared-firebase';
import type { PagedQuery, Post } from 'shared-firebase';
import * as data from '../data';
import { liveMember } from 'shared-firebase/testing/members';
import { VIEWER, makePost, memberNamed } from '../testing/fixtures';
import { Likers } from './Likers';
import { PostCard } from './PostCard';
import { PostList } from './PostList';
import { staticPagedQuery } from 'shared-firebase/testing/fakePagedQuery';

jest.mock('shared-firebase', () =>
  jest
    .requireActual('shared-firebase/testing/sharedFirebaseFake')
    .sharedFirebaseFake(['useMember', 'useHiddenMembers', 'setBlocked', 'setMuted']),
);
jest.mock('../data', () => jest.requireActual('../testing/dataFake').fakeData());

const fakes = jest.mocked(data);
const platform = jest.mocked(sharedFirebase);

function hiding({
  blocked = [] as string[],
  blockedBy = [] as string[],
  muted = [] as string[],
  loaded = true,
}) {
  platform.useHiddenMembers.mockReturnValue({
    blocked: new Set(blocked),
    blockedBy: new Set(blockedBy),
    muted: new Set(muted),
    loaded,
  });
}

beforeEach(() => {
  platform.useMember.mockImplementation(memberNamed);
  platform.setBlocked.mockResolvedValue(undefined);
  platform.setMuted.mockResolvedValue(undefined);
  fakes.useComments.mockReturnValue(staticPagedQuery([]));
  fakes.useSavedMark.mockReturnValue({ status: 'missing' });
  hiding({});
});
afterEach(() => jest.clearAllMocks());

const renderCard = (post: ReturnType<typeof makePost>) =>
  render(
    <MemoryRouter>
      <PostCard post={post} viewerUid={VIEWER} />
    </MemoryRouter>,
  );

describe("a post's menu beside Report", () => {
  it('mutes the author, and unmutes once muted', async () => {
    const post = makePost({ uid: 'ann' });
    const { unmount } = renderCard(post);
    await userEvent.click(screen.getByRole('button', { name: 'Post options' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Mute author' }));
    expect(platform.setMuted).toHaveBeenCalledWith(VIEWER, 'ann', true);
    unmount();
    hiding({ muted: ['ann'] });
    renderCard(post);
    await userEvent.click(screen.getByRole('button', { name: 'Post options' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Unmute author' }));
    expect(platform.setMuted).toHaveBeenLastCalledWith(VIEWER, 'ann', false);
  });

  it('blocks the author after asking', async () => {
    renderCard(makePost({ uid: 'ann' }));
    await userEvent.click(screen.getByRole('button', { name: 'Post options' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Block author' }));
    const question = await screen.findByRole('group', { name: 'Block this member?' });
    await userEvent.click(within(question).getByRole('button', { name: 'Block' }));
    expect(platform.setBlocked).toHaveBeenCalledWith(VIEWER, 'ann', true);
    expect(screen.queryByRole('group', { name: 'Block this member?' })).toBeNull();
  });

  it('offers neither on one’s own post', async () => {
    renderCard(makePost({ uid: VIEWER }));
    await userEvent.click(screen.getByRole('button', { name: 'Post options' }));
    expect(screen.queryByRole('menuitem', { name: /Mute|Block/ })).toBeNull();
  });
});

describe('the post lists', () => {
  const posts = (...uids: string[]): PagedQuery<Post> =>
    ({
      status: 'ready',
      items: uids.map((uid, i) => ({ ...makePost({ uid, postId: `p${i}` }), id: `p${i}` })),
      hasMore: false,
      loadingMore: false,
      loadMoreError: null,
      loadMore: () => undefined,
      retry: () => undefined,
    }) as unknown as PagedQuery<Post>;

  it('leave out blocked and blocking members everywhere, muted ones in the home feed only', () => {
    hiding({ blocked: ['bo'], blockedBy: ['cy'], muted: ['di'] });
    const { rerender } = render(
      <MemoryRouter>
        <PostList
          posts={posts('ann', 'bo', 'cy', 'di')}
          viewerUid={VIEWER}
          label="Your feed"
          hideMuted
        />
      </MemoryRouter>,
    );
    expect(
      within(screen.getByRole('list', { name: 'Your feed' })).getAllByRole('article'),
    ).toHaveLength(1);
    rerender(
      <MemoryRouter>
        <PostList posts={posts('ann', 'bo', 'cy', 'di')} viewerUid={VIEWER} label="Posts" />
      </MemoryRouter>,
    );
    expect(
      within(screen.getByRole('list', { name: 'Posts' })).getAllByRole('article'),
    ).toHaveLength(2);
  });

  it('shows no post before the viewer’s blocks are known, so a blocker’s never flashes', () => {
    hiding({ loaded: false });
    const view = () => (
      <MemoryRouter>
        <PostList posts={posts('ann', 'cy')} viewerUid={VIEWER} label="Posts" />
      </MemoryRouter>
    );
    const { rerender } = render(view());
    expect(screen.getByRole('status')).toHaveTextContent('Loading posts…');
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    hiding({ blockedBy: ['cy'] });
    rerender(view());
    expect(
      within(screen.getByRole('list', { name: 'Posts' })).getAllByRole('article'),
    ).toHaveLength(1);
  });
});

describe('who liked a post', () => {
  it('leaves out members blocked either way and suspended members, and shows the others', () => {
    hiding({ blocked: ['bo'], blockedBy: ['cy'], muted: ['di'] });
    platform.useMember.mockImplementation((uid) => {
      if (uid !== 'sus') return memberNamed(uid);
      const member = liveMember('Name of sus');
      return member.status === 'ready'
        ? { status: 'ready', data: { ...member.data, authorSuspended: true } }
        : member;
    });
    render(
      <MemoryRouter>
        <Likers postId="p1" likes={['ann', 'bo', 'cy', 'sus', 'di']} complete />
      </MemoryRouter>,
    );
    const list = screen.getByRole('region', { name: 'Liked by' });
    // A mute hides nobody here: it is a view of the feed and the bell only.
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Name of di', 'Name of ann']);
  });

  it('shows no liker before the viewer’s blocks are known, so a blocker’s name never flashes', () => {
    hiding({ loaded: false });
    const view = () => (
      <MemoryRouter>
        <Likers postId="p1" likes={['ann', 'cy']} complete />
      </MemoryRouter>
    );
    const { rerender } = render(view());
    expect(screen.getByRole('status')).toHaveTextContent('Loading who liked this…');
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    hiding({ blockedBy: ['cy'] });
    rerender(view());
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(['Name of ann']);
  });

  it('says nobody liked it when every liker is hidden', () => {
    hiding({ blocked: ['bo'], blockedBy: ['cy'] });
    render(
      <MemoryRouter>
        <Likers postId="p1" likes={['bo', 'cy']} complete />
      </MemoryRouter>,
    );
    expect(screen.getByText('No likes yet.')).toBeInTheDocument();
  });
});
