import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useParams } from 'react-router-dom';
import { routerAt } from 'shared-ui/src/testing/routerAt';
import { MESSAGES } from 'shared-firebase';
import type { ExplorePost, PagedQuery, WithId } from 'shared-firebase';
import * as sharedFirebase from 'shared-firebase';
import { installFakeIntersectionObserver } from 'shared-ui/src/testing/fakeIntersectionObserver';
import type { FakeIntersection } from 'shared-ui/src/testing/fakeIntersectionObserver';
import { staticPagedQuery, useFakePagedQuery } from 'shared-firebase/testing/fakePagedQuery';
import { liveMember } from 'shared-firebase/testing/members';
import { EXPLORE_PAGE_SIZE } from '../data';
import * as data from '../data';
import { ExplorePage } from './ExplorePage';

// The data layer is faked at its boundary; its plain constants stay real.
jest.mock('shared-firebase', () => jest.requireActual('../testing/sharedFirebaseFake').fake());
jest.mock('../data', () => jest.requireActual('../testing/dataFake').fakeData());

const fakes = jest.mocked(data);
const platform = jest.mocked(sharedFirebase);

const AUTHORS: Record<string, string> = { 'uid-ann': 'Ann', 'uid-bob': 'Bob' };

function photo(n: number): WithId<ExplorePost> {
  const id = `post-${String(n).padStart(2, '0')}`;
  return {
    id,
    postId: id,
    postImage: `https://img.test/${id}.png`,
    uid: n % 2 === 0 ? 'uid-ann' : 'uid-bob',
    createdAt: null,
  };
}

function photos(count: number): Array<WithId<ExplorePost>> {
  return Array.from({ length: count }, (_, i) => photo(i + 1));
}

function PostRoute() {
  const { postId } = useParams();
  return <p>Post page {postId}</p>;
}

function TagRoute() {
  return <p>Tag page {useParams().tag}</p>;
}

function renderExplore() {
  return render(
    routerAt('/explore', {
      '/explore': <ExplorePage />,
      '/post/:postId': <PostRoute />,
      '/tags/:tag': <TagRoute />,
    }),
  );
}

function tileLinks() {
  return within(screen.getByRole('list', { name: 'Photo posts' })).getAllByRole('link');
}

let intersection: FakeIntersection;

beforeEach(() => {
  intersection = installFakeIntersectionObserver();
  fakes.useTrendingTags.mockReturnValue({ status: 'ready', tags: [] });
  platform.useMember.mockImplementation((uid) => liveMember(uid ? AUTHORS[uid] : undefined));
});

afterEach(() => {
  intersection.restore();
  jest.resetAllMocks();
});

describe('ExplorePage: trending tags', () => {
  beforeEach(() => {
    fakes.useExplorePosts.mockImplementation(() => useFakePagedQuery([], EXPLORE_PAGE_SIZE));
  });

  it('lists the most used tags in order, each linking to its page with its post count', async () => {
    fakes.useTrendingTags.mockReturnValue({
      status: 'ready',
      tags: [
        { tag: 'weekend', count: 12 },
        { tag: '東京', count: 1 },
      ],
    });
    renderExplore();
    const list = screen.getByRole('list', { name: 'Trending tags, last 7 days' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['#weekend12 posts', '#東京1 post']);
    expect(links[0]).toHaveAttribute('href', '/tags/weekend');
    await userEvent.click(links[1]!);
    expect(screen.getByText('Tag page 東京')).toBeInTheDocument();
  });

  it('says when no tag was used in the last days', () => {
    renderExplore();
    expect(screen.getByText('No tags used in the last 7 days.')).toBeInTheDocument();
  });

  it('offers Retry when the counts cannot be read, and reads them again', async () => {
    fakes.useTrendingTags.mockImplementation((attempt) =>
      attempt === 0 ? { status: 'error' } : { status: 'ready', tags: [{ tag: 'home', count: 2 }] },
    );
    renderExplore();
    expect(screen.getByRole('alert')).toHaveTextContent('Trending tags could not be loaded.');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(screen.getByRole('link', { name: '#home 2 posts' })).toHaveAttribute(
      'href',
      '/tags/home',
    );
  });
});

describe('ExplorePage', () => {
  it('loads each tile’s square thumbnail, the display image only as a wider candidate', () => {
    const withThumbnail = { ...photo(1), postThumbnail: 'https://img.test/post-01-thumbnail.jpg' };
    fakes.useExplorePosts.mockImplementation(() =>
      useFakePagedQuery([withThumbnail, photo(2)], EXPLORE_PAGE_SIZE),
    );
    renderExplore();
    const [sized, older] = tileLinks().map((link) => within(link).getByRole('img'));
    expect(sized).toHaveAttribute('src', 'https://img.test/post-01-thumbnail.jpg');
    expect(sized).toHaveAttribute(
      'srcset',
      'https://img.test/post-01-thumbnail.jpg 320w, https://img.test/post-01.png 1080w',
    );
    expect(sized).toHaveAttribute('loading', 'eager');
    // An entry from before the thumbnails shows its display image.
    expect(older).toHaveAttribute('src', 'https://img.test/post-02.png');
    expect(older).not.toHaveAttribute('srcset');
  });

  it('shows the first page of tiles, each a square photo linking to its post', () => {
    fakes.useExplorePosts.mockImplementation(() =>
      useFakePagedQuery(photos(11), EXPLORE_PAGE_SIZE),
    );
    renderExplore();

    expect(screen.getByRole('heading', { level: 1, name: 'Explore' })).toBeInTheDocument();
    const links = tileLinks();
    expect(links).toHaveLength(9);
    expect(links.map((link) => link.getAttribute('href'))).toEqual(
      photos(9).map((p) => `/post/${p.id}`),
    );
    const firstImage = within(links[0]!).getByRole('img');
    expect(firstImage).toHaveAttribute('src', 'https://img.test/post-01.png');
    expect(firstImage).toHaveAttribute('alt', 'Photo by Bob');
    // The top row is the first view's largest paint: fetched first; the rest load as they near view.
    expect(firstImage).toHaveAttribute('loading', 'eager');
    expect(firstImage).toHaveAttribute('fetchpriority', 'high');
    expect(within(links[3]!).getByRole('img')).toHaveAttribute('loading', 'lazy');
    expect(within(links[3]!).getByRole('img')).not.toHaveAttribute('fetchpriority');
    expect(links[1]).toHaveAccessibleName('Photo by Ann');
  });

  it('reads the next page when the last tile scrolls into view, until there are no more', () => {
    const reads = jest.fn();
    fakes.useExplorePosts.mockImplementation(() =>
      useFakePagedQuery(photos(20), EXPLORE_PAGE_SIZE, reads),
    );
    renderExplore();

    const firstPage = tileLinks();
    expect(intersection.observed()).toEqual([firstPage[8]!.closest('li')]);
    // An earlier tile coming into view reads nothing.
    act(() => intersection.scrollIntoView(firstPage[3]!.closest('li')!));
    expect(reads).not.toHaveBeenCalled();

    act(() => intersection.scrollIntoView(firstPage[8]!.closest('li')!));
    expect(reads).toHaveBeenCalledTimes(1);
    expect(tileLinks()).toHaveLength(18);

    act(() => intersection.scrollIntoView(tileLinks()[17]!.closest('li')!));
    expect(reads).toHaveBeenCalledTimes(2);
    expect(tileLinks()).toHaveLength(20);
    // The list is complete: nothing is watched any more.
    expect(intersection.observed()).toEqual([]);
  });

  it('keeps reading while the end of a freshly loaded page is still in view', () => {
    const reads = jest.fn();
    intersection.showEverything();
    fakes.useExplorePosts.mockImplementation(() =>
      useFakePagedQuery(photos(20), EXPLORE_PAGE_SIZE, reads),
    );
    renderExplore();
    // Each new last tile is observed afresh and reported in view, so the grid fills up.
    expect(reads).toHaveBeenCalledTimes(2);
    expect(tileLinks()).toHaveLength(20);
  });

  it('drops the tile of a deleted post', () => {
    let current: PagedQuery<ExplorePost> = staticPagedQuery(photos(3));
    fakes.useExplorePosts.mockImplementation(() => current);
    const { rerender } = renderExplore();
    expect(tileLinks()).toHaveLength(3);

    current = staticPagedQuery([photo(1), photo(3)]);
    rerender(routerAt('/explore', { '/explore': <ExplorePage /> }));
    expect(tileLinks().map((link) => link.getAttribute('href'))).toEqual([
      '/post/post-01',
      '/post/post-03',
    ]);
  });

  it('opens the post when a tile is clicked', async () => {
    fakes.useExplorePosts.mockReturnValue(staticPagedQuery(photos(2)));
    renderExplore();
    await userEvent.click(screen.getByRole('link', { name: 'Photo by Ann' }));
    expect(screen.getByText('Post page post-02')).toBeInTheDocument();
  });

  it('is keyboard usable: tiles take focus in order and Enter opens the post', async () => {
    const user = userEvent.setup();
    fakes.useExplorePosts.mockReturnValue(staticPagedQuery(photos(2)));
    renderExplore();
    await user.tab();
    expect(tileLinks()[0]).toHaveFocus();
    await user.tab();
    expect(tileLinks()[1]).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByText('Post page post-02')).toBeInTheDocument();
  });

  it('says the author’s description of a photo, for the image and its link', () => {
    const described = { ...photo(1), postImageAlt: 'A red kite above the dunes' };
    fakes.useExplorePosts.mockImplementation(() =>
      useFakePagedQuery([described, photo(2)], EXPLORE_PAGE_SIZE),
    );
    renderExplore();
    const [withDescription, without] = tileLinks();
    expect(within(withDescription!).getByRole('img')).toHaveAttribute(
      'alt',
      'A red kite above the dunes',
    );
    expect(withDescription).toHaveAccessibleName('A red kite above the dunes');
    // An entry without one keeps what the grid said before descriptions.
    expect(without).toHaveAccessibleName('Photo by Ann');
  });

  it('marks a post of several photos, saying how many, and no post of one', () => {
    const album = { ...photo(1), postImageAlt: 'A red kite', photoCount: 5 };
    fakes.useExplorePosts.mockImplementation(() =>
      useFakePagedQuery([album, photo(2)], EXPLORE_PAGE_SIZE),
    );
    renderExplore();
    const [several, one] = tileLinks();
    expect(within(several!).getByRole('img', { name: '5 photos' })).toBeInTheDocument();
    expect(several).toHaveAccessibleName('A red kite 5 photos');
    expect(within(one!).queryByRole('img', { name: /photos$/ })).not.toBeInTheDocument();
    expect(one).toHaveAccessibleName('Photo by Ann');
  });

  it('describes a photo generically until its author is known', () => {
    platform.useMember.mockReturnValue(liveMember(undefined));
    fakes.useExplorePosts.mockReturnValue(staticPagedQuery(photos(1)));
    renderExplore();
    expect(screen.getByRole('img')).toHaveAttribute('alt', 'Photo post');
  });

  it('says so when there are no photo posts', () => {
    fakes.useExplorePosts.mockReturnValue(staticPagedQuery([]));
    renderExplore();
    expect(screen.getByText(MESSAGES.noPosts)).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('shows a spinner while the first page loads and an alert when reading fails', () => {
    fakes.useExplorePosts.mockReturnValue(staticPagedQuery([], { status: 'loading' }));
    const { unmount } = renderExplore();
    expect(screen.getByRole('status')).toHaveTextContent('Loading photos…');
    unmount();

    fakes.useExplorePosts.mockReturnValue(staticPagedQuery([], { status: 'error' }));
    renderExplore();
    expect(screen.getByRole('alert')).toHaveTextContent('Photos could not be loaded.');
  });

  it('offers Retry on a failed read, and keeps what is shown when a later page fails', async () => {
    const retry = jest.fn();
    fakes.useExplorePosts.mockReturnValue(staticPagedQuery([], { status: 'error', retry }));
    const { unmount } = renderExplore();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledTimes(1);
    unmount();

    const shown = photos(9);
    fakes.useExplorePosts.mockReturnValue(
      staticPagedQuery(shown, { hasMore: true, retry, loadMoreError: new Error('x') as never }),
    );
    renderExplore();
    expect(screen.getAllByRole('listitem')).toHaveLength(9);
    expect(screen.getByRole('alert')).toHaveTextContent('More photos could not be loaded.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledTimes(2);
  });

  it('shows that more photos are on their way while a page is read', () => {
    fakes.useExplorePosts.mockReturnValue(
      staticPagedQuery(photos(9), { hasMore: true, loadingMore: true }),
    );
    renderExplore();
    expect(screen.getByRole('status')).toHaveTextContent('Loading more photos…');
  });
});
