import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { deletePost, setLiked, useComments, useMember } from 'shared-firebase';
import type { Post, WithId } from 'shared-firebase';
import { VIEWER, makePost, memberNamed } from '../testing/fixtures';
import { PostCard } from './PostCard';

jest.mock('shared-firebase', () => jest.requireActual('../testing/sharedFirebaseFake').fake());

const setLikedMock = jest.mocked(setLiked);
const deletePostMock = jest.mocked(deletePost);

beforeEach(() => {
  jest.mocked(useMember).mockImplementation(memberNamed);
  jest.mocked(useComments).mockReturnValue({ status: 'ready', items: [] });
  setLikedMock.mockReset().mockResolvedValue(undefined);
  deletePostMock.mockReset().mockResolvedValue(undefined);
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

  it('lazy-loads the photo with its size reserved', () => {
    renderCard(makePost({ postImage: 'https://files.test/p.png', postCaption: null }));
    const photo = screen.getByRole('img', { name: 'Photo' });
    expect(photo).toHaveAttribute('src', 'https://files.test/p.png');
    expect(photo).toHaveAttribute('loading', 'lazy');
    expect(photo).toHaveAttribute('width');
    expect(photo).toHaveAttribute('height');
  });
});

describe('PostCard like toggle', () => {
  it('likes with the viewer uid and shows the count', async () => {
    const { user } = renderCard(makePost({ likes: ['someone-else'], uid: 'author-1' }));
    const like = screen.getByRole('button', { name: 'Like 1' });
    expect(like).toHaveAttribute('aria-pressed', 'false');
    await user.click(like);
    // The author is passed so the like's activity item reaches them.
    expect(setLikedMock).toHaveBeenCalledWith('post-1', VIEWER, true, 'author-1');
  });

  it('shows Liked and unlikes when the viewer already likes the post', async () => {
    const { user } = renderCard(makePost({ likes: ['someone-else', VIEWER] }));
    const liked = screen.getByRole('button', { name: 'Liked 2' });
    expect(liked).toHaveAttribute('aria-pressed', 'true');
    await user.click(liked);
    expect(setLikedMock).toHaveBeenCalledWith('post-1', VIEWER, false, VIEWER);
  });

  it('sends one like at a time and reports a failed one', async () => {
    let fail: (error: Error) => void = () => undefined;
    setLikedMock.mockImplementation(() => new Promise((_, reject) => (fail = reject)));
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderCard(makePost());
    await user.click(screen.getByRole('button', { name: /^Like/ }));
    expect(screen.getByRole('button', { name: /^Like/ })).toBeDisabled();
    await act(async () => fail(new Error('denied')));
    expect(screen.getByRole('alert')).toHaveTextContent('Your like could not be saved.');
    expect(screen.getByRole('button', { name: /^Like/ })).toBeEnabled();
    expect(setLikedMock).toHaveBeenCalledTimes(1);
  });
});

describe('PostCard comment box toggle', () => {
  it('opens and closes the comment box under the post', async () => {
    const { user } = renderCard(makePost());
    const toggle = screen.getByRole('button', { name: 'Comments' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('textbox', { name: 'Write a comment' })).not.toBeInTheDocument();
    expect(useComments).not.toHaveBeenCalled();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('textbox', { name: 'Write a comment' })).toBeInTheDocument();
    expect(useComments).toHaveBeenCalledWith('post-1');

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
    expect(screen.getByRole('group', { name: 'Confirm delete' })).toHaveTextContent(
      'Delete this post?',
    );
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(deletePostMock).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });

  it('deletes the post once confirmed', async () => {
    const post = makePost({ postImage: 'https://files.test/p.png' });
    const { user } = renderCard(post);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(screen.getByRole('button', { name: 'Delete post' }));
    expect(deletePostMock).toHaveBeenCalledWith(post);
  });

  it('says so when the delete fails', async () => {
    deletePostMock.mockRejectedValue(new Error('offline'));
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderCard(makePost());
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(screen.getByRole('button', { name: 'Delete post' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The post could not be deleted.');
  });
});
