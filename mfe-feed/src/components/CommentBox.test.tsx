import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { addComment, addReply, useComments, useMember } from 'shared-firebase';
import type { Comment, LiveQuery, WithId } from 'shared-firebase';
import { VIEWER, memberNamed } from '../testing/fixtures';
import { CommentBox } from './CommentBox';

jest.mock('shared-firebase', () => jest.requireActual('../testing/sharedFirebaseFake').fake());

const addCommentMock = jest.mocked(addComment);
const addReplyMock = jest.mocked(addReply);

function comment(id: string, text: string, userId: string, replies: Comment['replies'] = []) {
  return { id, comment: text, userId, replies, postId: 'post-1', createdAt: null };
}

/** The live comments the box is given, newest first as the query delivers them. */
let live: Array<WithId<Comment>>;

beforeEach(() => {
  live = [];
  jest.mocked(useMember).mockImplementation(memberNamed);
  jest
    .mocked(useComments)
    .mockImplementation((): LiveQuery<Comment> => ({ status: 'ready', items: live }));
  addCommentMock.mockReset().mockResolvedValue(true);
  addReplyMock.mockReset().mockResolvedValue(true);
});

function renderBox() {
  const user = userEvent.setup();
  const view = render(
    <MemoryRouter>
      <CommentBox postId="post-1" postAuthorUid="author-1" viewerUid={VIEWER} />
    </MemoryRouter>,
  );
  const rerender = () =>
    view.rerender(
      <MemoryRouter>
        <CommentBox postId="post-1" postAuthorUid="author-1" viewerUid={VIEWER} />
      </MemoryRouter>,
    );
  return { user, rerender, field: () => screen.getByRole('textbox', { name: 'Write a comment' }) };
}

const shownComments = () =>
  within(screen.getByRole('list', { name: '' }))
    .getAllByRole('listitem')
    .filter((item) => item.classList.contains('feed-comment'))
    .map((item) => item.querySelector('.feed-comment__text')?.textContent);

describe('CommentBox', () => {
  it('reads the comments of its post', () => {
    renderBox();
    expect(useComments).toHaveBeenCalledWith('post-1');
    expect(screen.getByText('No comments yet.')).toBeInTheDocument();
  });

  it('ignores whitespace-only text: nothing is sent', async () => {
    const { user, field } = renderBox();
    await user.type(field(), '   ');
    await user.click(screen.getByRole('button', { name: 'Comment' }));
    await user.type(field(), '{Enter}');
    expect(addCommentMock).not.toHaveBeenCalled();
  });

  it('sends a comment as the viewer and clears the field', async () => {
    const { user, field } = renderBox();
    await user.type(field(), 'Nice photo{Enter}');
    expect(addCommentMock).toHaveBeenCalledWith('post-1', VIEWER, 'Nice photo', 'author-1');
    expect(field()).toHaveValue('');
  });

  it('places a new comment first, with its author name and picture', async () => {
    live = [comment('c1', 'older', 'ann')];
    const { user, field, rerender } = renderBox();
    await user.type(field(), 'newest{Enter}');
    // The live query (newest first) delivers the viewer's comment ahead of the older one.
    live = [comment('c2', 'newest', VIEWER), ...live];
    rerender();
    expect(shownComments()).toEqual(['newest', 'older']);
    const first = screen.getAllByRole('listitem')[0]!;
    expect(within(first).getByRole('link', { name: `Name of ${VIEWER}` })).toHaveAttribute(
      'href',
      `/profile/${VIEWER}`,
    );
    expect(within(first).getByRole('presentation')).toBeInTheDocument();
  });

  it('renders comment and reply text as text, never as HTML', () => {
    const attack = '<img src=x onerror="window.hacked=1">';
    live = [comment('c1', attack, 'ann', [{ reply: attack, userId: 'bob' }])];
    const { container } = render(
      <MemoryRouter>
        <CommentBox postId="post-1" postAuthorUid="author-1" viewerUid={VIEWER} />
      </MemoryRouter>,
    );
    expect(screen.getAllByText(attack)).toHaveLength(2);
    expect(container.querySelector('img[src="x"]')).toBeNull();
  });
});

describe('Replies', () => {
  it('shows replies under their comment, in order, with their authors', () => {
    live = [
      comment('c1', 'question', 'ann', [
        { reply: 'first answer', userId: 'bob' },
        { reply: 'second answer', userId: 'cy' },
      ]),
    ];
    renderBox();
    const replies = screen.getByRole('list', { name: 'Replies' });
    const items = within(replies).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('.feed-reply__text')?.textContent)).toEqual([
      'first answer',
      'second answer',
    ]);
    expect(within(items[0]!).getByRole('link', { name: 'Name of bob' })).toBeInTheDocument();
  });

  it('sends a reply to its comment and ignores whitespace-only replies', async () => {
    live = [comment('c1', 'question', 'ann')];
    const { user } = renderBox();
    const toggle = screen.getByRole('button', { name: 'Reply' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    const field = screen.getByRole('textbox', { name: 'Write a reply' });
    await user.type(field, '  {Enter}');
    expect(addReplyMock).not.toHaveBeenCalled();
    await user.clear(field);
    await user.type(field, 'an answer');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(addReplyMock).toHaveBeenCalledWith(
      expect.objectContaining({ id: 'c1', userId: 'ann', postId: 'post-1' }),
      VIEWER,
      'an answer',
    );
    expect(field).toHaveValue('');
  });

  it('reports a reply that could not be sent and keeps its text', async () => {
    live = [comment('c1', 'question', 'ann')];
    addReplyMock.mockRejectedValue(new Error('denied'));
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderBox();
    await user.click(screen.getByRole('button', { name: 'Reply' }));
    await user.type(screen.getByRole('textbox', { name: 'Write a reply' }), 'again{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('That could not be sent.');
    expect(screen.getByRole('textbox', { name: 'Write a reply' })).toHaveValue('again');
  });
});
