import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Timestamp } from 'firebase/firestore';
import { BrowserRouter, MemoryRouter } from 'react-router-dom';
import * as sharedFirebase from 'shared-firebase';
import type { Post, WithId } from 'shared-firebase';
import * as data from '../data';
import { VIEWER, makePost, memberNamed } from '../testing/fixtures';
import { PostCard } from './PostCard';
import { staticPagedQuery } from 'shared-firebase/testing/fakePagedQuery';

jest.mock('shared-firebase', () => jest.requireActual('../testing/sharedFirebaseFake').fake());
jest.mock('../data', () => jest.requireActual('../testing/dataFake').fakeData());

const fakes = jest.mocked(data);
const platform = jest.mocked(sharedFirebase);

beforeEach(() => {
  platform.useMember.mockImplementation(memberNamed);
  fakes.useComments.mockReset().mockReturnValue(staticPagedQuery([]));
  fakes.setLiked.mockReset().mockResolvedValue(undefined);
  fakes.useOwnLike.mockReset().mockReturnValue({ status: 'missing' });
  fakes.deletePost.mockReset().mockResolvedValue(undefined);
  fakes.setSaved.mockReset();
  fakes.useSavedMark.mockReset().mockReturnValue({ status: 'missing' });
});

function renderCard(post: WithId<Post>, path = '/') {
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={[path]}>
      <PostCard post={post} viewerUid={VIEWER} />
    </MemoryRouter>,
  );
  return { user };
}

describe('PostCard content', () => {
  it("shows the author's name and picture linking to their profile", () => {
    renderCard(makePost({ uid: 'author-1' }));
    const link = screen.getByRole('link', { name: 'Name of author-1' });
    expect(link).toHaveAttribute('href', '/profile/author-1');
    expect(within(link).getByRole('presentation')).toHaveAttribute('src', 'test-file-stub');
  });

  it('renders a caption as text, never as HTML', () => {
    const attack = '<img src=x onerror="window.hacked=1"><b>bold</b>';
    const { container } = render(
      <MemoryRouter>
        <PostCard post={makePost({ postCaption: attack })} viewerUid={VIEWER} />
      </MemoryRouter>,
    );
    expect(screen.getByText(attack)).toBeInTheDocument();
    expect(container.querySelector('img[src="x"]')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
  });

  it('links the web addresses in a caption, in a new tab', () => {
    renderCard(makePost({ postCaption: 'Recipe: https://cook.example/soup.' }));
    const link = screen.getByRole('link', { name: 'cook.example/soup' });
    expect(link).toHaveAttribute('href', 'https://cook.example/soup');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.closest('p')).toHaveTextContent('Recipe: cook.example/soup.');
  });

  it('lazy-loads the photo with its size reserved', () => {
    renderCard(makePost({ postImage: 'https://files.test/p.png', postCaption: null }));
    const photo = screen.getByRole('img', { name: 'Photo' });
    expect(photo).toHaveAttribute('src', 'https://files.test/p.png');
    expect(photo).toHaveAttribute('loading', 'lazy');
    expect(photo).toHaveAttribute('width');
    expect(photo).toHaveAttribute('height');
  });
});

describe('PostCard photo viewer', () => {
  const described = makePost({
    postImage: 'https://files.test/kite.jpg',
    postImageAlt: 'A red kite above the dunes',
    postCaption: 'Windy',
  });

  /** The card in the page's real history (jsdom's), as the browser's back button sees it. */
  function renderInBrowser(post: WithId<Post>) {
    const user = userEvent.setup();
    render(
      <BrowserRouter>
        <PostCard post={post} viewerUid={VIEWER} />
      </BrowserRouter>,
    );
    const photoButton = () => screen.getByRole('button', { name: 'A red kite above the dunes' });
    const viewerClosed = () =>
      waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    return { user, photoButton, viewerClosed };
  }

  it('says the author’s description of the photo', () => {
    renderCard(described);
    expect(screen.getByRole('img', { name: 'A red kite above the dunes' })).toBeInTheDocument();
  });

  it('opens the photo full size in a dialog with a history entry; Escape goes back and returns focus', async () => {
    const { user, photoButton, viewerClosed } = renderInBrowser(described);
    const entries = window.history.length;
    await user.click(photoButton());
    const dialog = await screen.findByRole('dialog', { name: 'Full-size photo' });
    expect(within(dialog).getByRole('img', { name: 'A red kite above the dunes' })).toHaveAttribute(
      'src',
      'https://files.test/kite.jpg',
    );
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
    expect(window.history.length).toBe(entries + 1);
    expect(window.location.pathname).toBe('/');

    await user.keyboard('{Escape}');
    await viewerClosed();
    expect(photoButton()).toHaveFocus();
  });

  it('closes with the browser’s back button and opens again with forward', async () => {
    const { user, photoButton, viewerClosed } = renderInBrowser(described);
    await user.click(photoButton());
    await screen.findByRole('dialog');
    act(() => window.history.back());
    await viewerClosed();
    expect(photoButton()).toHaveFocus();
    act(() => window.history.forward());
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await viewerClosed();
    expect(photoButton()).toHaveFocus();
  });

  const list = (suffix: string) =>
    ['1', '2', '3'].map((n) => `https://files.test/${n}${suffix}.jpg`);
  const album = makePost({
    ...described,
    postImage: 'https://files.test/1.jpg',
    postImageWidth: 1080,
    postImageHeight: 810,
    photos: {
      images: list(''),
      thumbnails: list('-t'),
      widths: [1080, 1080, 1080],
      heights: [810, 810, 810],
      alts: [null, 'A boat', null],
    },
  });
  /** The alt of the carousel's photo a sighted member sees (its slide is not inert). */
  const carouselPhoto = () =>
    document.querySelector('.feed-carousel__slide:not([inert]) img')?.getAttribute('alt');

  it('shows a post of several photos as a carousel, opens the viewer at the photo shown, and shows the photo the viewer closed on', async () => {
    const { user, viewerClosed } = renderInBrowser(album);
    expect(screen.getByRole('region', { name: 'Photos, 3' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next photo' }));
    await user.click(screen.getByRole('button', { name: 'A boat' }));
    const dialog = await screen.findByRole('dialog', { name: 'Full-size photo' });
    expect(within(dialog).getByRole('img', { name: 'A boat' })).toHaveAttribute(
      'src',
      'https://files.test/2.jpg',
    );
    expect(within(dialog).getByText('Photo 2 of 3')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Next photo' }));
    expect(within(dialog).getByRole('img', { name: 'Photo 3 of 3' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await viewerClosed();
    // The carousel is on the third photo now, says so, and the focus is on it.
    expect(carouselPhoto()).toBe('Photo 3 of 3');
    expect(screen.getByRole('button', { name: 'Photo 3 of 3' })).toHaveFocus();
    const region = screen.getByRole('region', { name: 'Photos, 3' });
    expect(
      within(region).getByText('Photo 3 of 3', { selector: '[aria-live]' }),
    ).toBeInTheDocument();
  });

  it('shows the photo the viewer was on when the browser’s back button closed it', async () => {
    const { user, viewerClosed } = renderInBrowser(album);
    await user.click(screen.getByRole('button', { name: 'A red kite above the dunes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Full-size photo' });
    await user.click(within(dialog).getByRole('button', { name: 'Next photo' }));
    expect(within(dialog).getByRole('img', { name: 'A boat' })).toBeInTheDocument();
    act(() => window.history.back());
    await viewerClosed();
    expect(carouselPhoto()).toBe('A boat');
    expect(screen.getByRole('button', { name: 'A boat' })).toHaveFocus();
  });

  it('does not reopen a viewer left in the history by an earlier page load (a reload)', async () => {
    // React Router keeps an entry's own state under `usr`.
    const stale = { photoViewer: { postId: described.postId, index: 0, pageLoad: 'earlier' } };
    window.history.pushState({ usr: stale, key: 'stale', idx: 0 }, '', '/');
    const { user, photoButton } = renderInBrowser(described);
    expect(photoButton()).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Opened in this page load, it shows.
    await user.click(photoButton());
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('opens only the photo of the post it belongs to', async () => {
    const user = userEvent.setup();
    render(
      <BrowserRouter>
        <PostCard post={described} viewerUid={VIEWER} />
        <PostCard
          post={makePost({ id: 'p2', postId: 'p2', postImage: 'https://files.test/boat.jpg' })}
          viewerUid={VIEWER}
        />
      </BrowserRouter>,
    );
    await user.click(screen.getByRole('button', { name: 'A red kite above the dunes' }));
    expect(await screen.findAllByRole('dialog')).toHaveLength(1);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('PostCard like toggle', () => {
  const POST_REF = expect.objectContaining({ postId: 'post-1', uid: 'author-1' });

  it('likes with the viewer uid and shows the count', async () => {
    const { user } = renderCard(makePost({ likes: ['someone-else'], uid: 'author-1' }));
    const like = screen.getByRole('button', { name: 'Like' });
    expect(screen.getByRole('button', { name: '1 like' })).toBeInTheDocument();
    expect(like).toHaveAttribute('aria-pressed', 'false');
    await user.click(like);
    // The author is passed so the edge names them (a block finds the likes of their posts).
    expect(fakes.setLiked).toHaveBeenCalledWith(POST_REF, VIEWER, true);
  });

  it('shows Liked, counted at once, from the viewer’s own edge, and unlikes', async () => {
    fakes.useOwnLike.mockReturnValue({ status: 'ready', data: {} as never });
    const { user } = renderCard(makePost({ likes: ['someone-else'], uid: 'author-1' }));
    const liked = screen.getByRole('button', { name: 'Liked' });
    // The function has not listed the like yet: the card counts it already.
    expect(screen.getByRole('button', { name: '2 likes' })).toBeInTheDocument();
    expect(liked).toHaveAttribute('aria-pressed', 'true');
    await user.click(liked);
    expect(fakes.setLiked).toHaveBeenCalledWith(POST_REF, VIEWER, false);
  });

  it('a post card (no liker list) counts from counts.likes, the viewer’s own like applied at once', async () => {
    const {
      followers: _followers,
      likes: _likes,
      ...card
    } = makePost({
      uid: 'author-1',
      counts: { likes: 4, comments: 0 },
    });
    fakes.useOwnLike.mockReturnValue({ status: 'missing' });
    const view = render(
      <MemoryRouter>
        <PostCard post={card} viewerUid={VIEWER} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('button', { name: '4 likes' })).toBeInTheDocument();
    // The viewer likes it: their edge turns at once, the function's count of 4 does not yet.
    fakes.useOwnLike.mockReturnValue({ status: 'ready', data: {} as never });
    view.rerender(
      <MemoryRouter>
        <PostCard post={card} viewerUid={VIEWER} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('button', { name: 'Liked' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: '5 likes' })).toBeInTheDocument();
    // The function counted it: 5, not 6.
    const counted = { ...card, counts: { likes: 5, comments: 0 } };
    view.rerender(
      <MemoryRouter>
        <PostCard post={counted} viewerUid={VIEWER} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('button', { name: '5 likes' })).toBeInTheDocument();
    // Who liked it comes from the like edges, the card listing nobody.
    fakes.useLikeEdges.mockReturnValue(
      staticPagedQuery([
        {
          id: 'post-1_someone',
          postId: 'post-1',
          uid: 'someone',
          author: 'author-1',
          createdAt: null,
        },
      ]) as never,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: '5 likes' }));
    expect(await screen.findByRole('region', { name: 'Liked by' })).toBeInTheDocument();
    expect(fakes.useLikeEdges).toHaveBeenCalledWith('post-1');
  });

  it('waits for the viewer’s edge before offering to like', () => {
    fakes.useOwnLike.mockReturnValue({ status: 'loading' });
    renderCard(makePost({ likes: ['someone-else'] }));
    expect(screen.getByRole('button', { name: 'Like' })).toBeDisabled();
  });

  it('a double click does one thing', async () => {
    const { user } = renderCard(makePost({ uid: 'author-1' }));
    await user.dblClick(screen.getByRole('button', { name: 'Like' }));
    expect(fakes.setLiked).toHaveBeenCalledTimes(1);
    expect(fakes.setLiked).toHaveBeenCalledWith(POST_REF, VIEWER, true);
  });

  it('sends one like at a time and reports a failed one', async () => {
    let fail: (error: Error) => void = () => undefined;
    fakes.setLiked.mockImplementation(() => new Promise((_, reject) => (fail = reject)));
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderCard(makePost());
    await user.click(screen.getByRole('button', { name: /^Like/ }));
    expect(screen.getByRole('button', { name: /^Like/ })).toBeDisabled();
    await act(async () => fail(new Error('denied')));
    expect(screen.getByRole('alert')).toHaveTextContent('Your like could not be saved.');
    expect(screen.getByRole('button', { name: /^Like/ })).toBeEnabled();
    expect(fakes.setLiked).toHaveBeenCalledTimes(1);
  });
});

describe('PostCard save toggle', () => {
  it('saves the post for the viewer, showing Saved at once and while it is sent', async () => {
    let confirm: () => void = () => undefined;
    fakes.setSaved.mockImplementation(() => new Promise((resolve) => (confirm = resolve)));
    const { user } = renderCard(makePost({ uid: 'author-1' }));
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toHaveAttribute('aria-pressed', 'false');
    await user.click(save);
    expect(fakes.setSaved).toHaveBeenCalledWith(VIEWER, 'post-1', true);
    const sending = screen.getByRole('button', { name: 'Saved' });
    expect(sending).toHaveAttribute('aria-pressed', 'true');
    expect(sending).toBeDisabled();
    // The live bookmark then says saved (the SDK applies the write locally at once).
    fakes.useSavedMark.mockReturnValue({
      status: 'ready',
      data: { postId: 'post-1', savedAt: null },
    });
    await act(async () => confirm());
    expect(screen.getByRole('button', { name: 'Saved' })).toBeEnabled();
  });

  it('shows Saved on a saved post and unsaves it', async () => {
    fakes.useSavedMark.mockReturnValue({
      status: 'ready',
      data: { postId: 'post-1', savedAt: null },
    });
    fakes.setSaved.mockResolvedValue(undefined);
    const { user } = renderCard(makePost());
    const saved = screen.getByRole('button', { name: 'Saved' });
    expect(saved).toHaveAttribute('aria-pressed', 'true');
    await user.click(saved);
    expect(fakes.setSaved).toHaveBeenCalledWith(VIEWER, 'post-1', false);
    expect(fakes.useSavedMark).toHaveBeenCalledWith(VIEWER, 'post-1');
  });

  it('is disabled until the viewer’s bookmark is read', () => {
    fakes.useSavedMark.mockReturnValue({ status: 'loading' });
    renderCard(makePost());
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('puts the state back and says so when the save is refused', async () => {
    let fail: (error: Error) => void = () => undefined;
    fakes.setSaved.mockImplementation(() => new Promise((_, reject) => (fail = reject)));
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderCard(makePost());
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await act(async () => fail(new Error('denied')));
    expect(screen.getByRole('alert')).toHaveTextContent('The post could not be saved.');
    expect(screen.getByRole('button', { name: 'Save' })).toHaveAttribute('aria-pressed', 'false');
  });
});

describe('PostCard comment count', () => {
  const commentOf = (id: string) => ({
    id,
    comment: 'Hi',
    userId: 'x',
    replies: [],
    postId: 'post-1',
    createdAt: null,
  });

  it('shows the count the function keeps, and while open the whole live list’s own', async () => {
    fakes.useComments.mockReturnValue(
      staticPagedQuery([commentOf('c1'), commentOf('c2'), commentOf('c3')]),
    );
    const { user } = renderCard(makePost({ counts: { likes: 0, comments: 2 } }));
    const toggle = screen.getByRole('button', { name: 'Comments (2)' });
    // The member's own comment, not counted by the function yet, counts at once.
    await user.click(toggle);
    // The comments' code is fetched on opening (LazyCardParts).
    await waitFor(() => expect(toggle).toHaveTextContent('Comments (3)'));
    await user.click(toggle);
    expect(toggle).toHaveTextContent('Comments (2)');
  });

  it('keeps the function’s count while older comments are unread: a page is not the total', async () => {
    fakes.useComments.mockReturnValue(
      staticPagedQuery([commentOf('c1'), commentOf('c2')], { hasMore: true }),
    );
    const { user } = renderCard(makePost({ counts: { likes: 0, comments: 45 } }));
    const toggle = screen.getByRole('button', { name: 'Comments (45)' });
    await user.click(toggle);
    expect(await screen.findByRole('button', { name: 'Show older comments' })).toBeInTheDocument();
    expect(toggle).toHaveTextContent('Comments (45)');
  });

  it('says only “Comments” on a post without comments or not counted yet', () => {
    renderCard(makePost({ postId: 'counted', counts: { likes: 0, comments: 0 } }));
    renderCard(makePost({ postId: 'not-counted' }));
    expect(screen.getAllByRole('button', { name: 'Comments' })).toHaveLength(2);
  });
});

describe('PostCard comment box toggle', () => {
  it('opens and closes the comment box under the post', async () => {
    const { user } = renderCard(makePost());
    const toggle = screen.getByRole('button', { name: 'Comments' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('textbox', { name: 'Write a comment' })).not.toBeInTheDocument();
    expect(fakes.useComments).not.toHaveBeenCalled();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('combobox', { name: 'Write a comment' })).toBeInTheDocument();
    expect(fakes.useComments).toHaveBeenCalledWith('post-1');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('textbox', { name: 'Write a comment' })).not.toBeInTheDocument();
  });
});

describe('PostCard delete', () => {
  it('is offered to the author only', () => {
    renderCard(makePost({ uid: 'someone-else' }));
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('is hidden on a single post page, even for the author', () => {
    renderCard(makePost(), '/post/post-1');
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('asks for confirmation; Cancel deletes nothing', async () => {
    const { user } = renderCard(makePost());
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('group', { name: 'Confirm delete' })).toHaveTextContent(
      'Delete this post?',
    );
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(fakes.deletePost).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });

  it('deletes the post once confirmed', async () => {
    const post = makePost({ postImage: 'https://files.test/p.png' });
    const { user } = renderCard(post);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Delete post' }));
    expect(fakes.deletePost).toHaveBeenCalledWith(post);
  });

  it('says so when the delete fails', async () => {
    fakes.deletePost.mockRejectedValue(new Error('offline'));
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderCard(makePost());
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Delete post' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The post could not be deleted.');
  });
});

describe('PostCard time and permalink', () => {
  it('shows the post’s time as a <time> linking to the post’s own page', () => {
    const createdAt = Timestamp.fromMillis(Date.now() - 3 * 60 * 60_000);
    renderCard(makePost({ postId: 'p-7', id: 'p-7', createdAt }));
    const link = screen.getByRole('link', { name: /3 h/ });
    expect(link).toHaveAttribute('href', '/post/p-7');
    expect(within(link).getByText('3 h')).toHaveAttribute(
      'datetime',
      createdAt.toDate().toISOString(),
    );
  });

  it('shows no time before the server time arrives', () => {
    const { container } = render(
      <MemoryRouter>
        <PostCard post={makePost({ createdAt: null })} viewerUid={VIEWER} />
      </MemoryRouter>,
    );
    expect(container.querySelector('time')).toBeNull();
  });
});

describe('PostCard who liked', () => {
  it('opens the live list of likers from the count, newest first, linking to profiles', async () => {
    const { user } = renderCard(makePost({ likes: ['ann', 'bob'] }));
    const count = screen.getByRole('button', { name: '2 likes' });
    expect(count).toHaveAttribute('aria-expanded', 'false');
    await user.click(count);
    // The list's code is fetched on opening (LazyCardParts).
    const list = await screen.findByRole('region', { name: 'Liked by' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Name of bob', 'Name of ann']);
    expect(links[0]).toHaveAttribute('href', '/profile/bob');
    expect(within(links[0]!).getByRole('presentation')).toBeInTheDocument();
  });

  it('pages a long list of likers', async () => {
    const likes = Array.from({ length: 25 }, (_, i) => `m${i}`);
    const { user } = renderCard(makePost({ likes }));
    await user.click(screen.getByRole('button', { name: '25 likes' }));
    const list = await screen.findByRole('region', { name: 'Liked by' });
    expect(within(list).getAllByRole('link')).toHaveLength(20);
    await user.click(within(list).getByRole('button', { name: 'Show more' }));
    expect(within(list).getAllByRole('link')).toHaveLength(25);
  });

  it('beyond the list’s bound counts from the function and pages the like edges', async () => {
    const likes = Array.from({ length: 2000 }, (_, i) => `m${i}`);
    const loadMore = jest.fn();
    fakes.useLikeEdges.mockReturnValue(
      staticPagedQuery(
        ['late1', 'late2'].map((uid) => ({
          id: `post-1_${uid}`,
          postId: 'post-1',
          uid,
          author: 'author-1',
          createdAt: Timestamp.fromMillis(0),
        })),
        { hasMore: true, loadMore },
      ),
    );
    const { user } = renderCard(
      makePost({ likes, likesComplete: false, counts: { likes: 2400, comments: 0 } }),
    );
    await user.click(screen.getByRole('button', { name: '2400 likes' }));
    const list = await screen.findByRole('region', { name: 'Liked by' });
    expect(fakes.useLikeEdges).toHaveBeenCalledWith('post-1');
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Name of late1', 'Name of late2']);
    await user.click(within(list).getByRole('button', { name: 'Show more' }));
    expect(loadMore).toHaveBeenCalled();
  });

  it('says a like is waiting while Firestore has not confirmed it', async () => {
    fakes.setLiked.mockImplementation(() => new Promise(() => undefined));
    const { user } = renderCard(makePost());
    await user.click(screen.getByRole('button', { name: 'Like' }));
    expect(await screen.findByText('Like waiting to be sent…')).toHaveAttribute('role', 'status');
  });
});
