import { act, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { Timestamp } from 'firebase/firestore';
import * as sharedFirebase from 'shared-firebase';
import type { Comment, PagedQuery, WithId } from 'shared-firebase';
import { staticPagedQuery, useFakePagedQuery } from 'shared-firebase/testing/fakePagedQuery';
import * as data from '../data';
import { VIEWER, memberNamed } from '../testing/fixtures';
import { CommentBox } from './CommentBox';
import { FEED_MESSAGES } from '../messages';

jest.mock('shared-firebase', () => jest.requireActual('../testing/sharedFirebaseFake').fake());
jest.mock('../data', () => jest.requireActual('../testing/dataFake').fakeData());

const fakes = jest.mocked(data);
const platform = jest.mocked(sharedFirebase);

/** Who wrote the post the box belongs to (not the viewer, unless a test says so). */
let POST_AUTHOR = 'post-author';

function comment(id: string, text: string, userId: string, replies: Comment['replies'] = []) {
  return { id, comment: text, userId, replies, postId: 'post-1', createdAt: null };
}

/** The live comments the box is given, newest first as the query delivers them. */
let live: Array<WithId<Comment>>;

beforeEach(() => {
  live = [];
  POST_AUTHOR = 'post-author';
  fakes.deleteComment.mockReset().mockResolvedValue(undefined);
  fakes.deleteReply.mockReset().mockResolvedValue(undefined);
  platform.useMember.mockImplementation(memberNamed);
  jest
    .mocked(fakes.useComments)
    .mockImplementation((): PagedQuery<Comment> => staticPagedQuery(live));
  fakes.addComment.mockReset().mockResolvedValue(true);
  fakes.addReply.mockReset().mockResolvedValue(true);
});

function renderBox() {
  const user = userEvent.setup();
  const view = render(
    <MemoryRouter>
      <CommentBox postId="post-1" postAuthorUid={POST_AUTHOR} viewerUid={VIEWER} />
    </MemoryRouter>,
  );
  const rerender = () =>
    view.rerender(
      <MemoryRouter>
        <CommentBox postId="post-1" postAuthorUid={POST_AUTHOR} viewerUid={VIEWER} />
      </MemoryRouter>,
    );
  return { user, rerender, field: () => screen.getByRole('combobox', { name: 'Write a comment' }) };
}

const shownComments = () =>
  within(screen.getByRole('list', { name: '' }))
    .getAllByRole('listitem')
    .filter((item) => item.classList.contains('feed-comment'))
    .map((item) => item.querySelector('.feed-comment__text')?.textContent);

describe('CommentBox', () => {
  it('reads the comments of its post', () => {
    renderBox();
    expect(fakes.useComments).toHaveBeenCalledWith('post-1');
    expect(screen.getByText('No comments yet.')).toBeInTheDocument();
  });

  it('ignores whitespace-only text: nothing is sent', async () => {
    const { user, field } = renderBox();
    await user.type(field(), '   ');
    await user.click(screen.getByRole('button', { name: 'Comment' }));
    await user.type(field(), '{Enter}');
    expect(fakes.addComment).not.toHaveBeenCalled();
  });

  it('sends a comment as the viewer and clears the field', async () => {
    const { user, field } = renderBox();
    await user.type(field(), 'Nice photo{Enter}');
    expect(fakes.addComment).toHaveBeenCalledWith('post-1', VIEWER, 'Nice photo', []);
    expect(field()).toHaveValue('');
  });

  it('suggests members after @, inserts the picked one and sends them as mentioned', async () => {
    fakes.findMembersByName.mockResolvedValue([
      { uid: 'ben-uid', name: 'Ben Okafor', picture: null },
    ]);
    const { user, field } = renderBox();
    await user.type(field(), 'Thanks @be');
    const option = await screen.findByRole('option', { name: 'Ben Okafor' });
    expect(field()).toHaveAttribute('aria-expanded', 'true');
    expect(field()).toHaveAttribute('aria-activedescendant', option.id);
    expect(fakes.findMembersByName).toHaveBeenLastCalledWith('be', expect.anything());
    await user.keyboard('{Enter}');
    expect(field()).toHaveValue('Thanks @Ben Okafor ');
    expect(fakes.addComment).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    expect(fakes.addComment).toHaveBeenCalledWith('post-1', VIEWER, 'Thanks @Ben Okafor ', [
      'ben-uid',
    ]);
  });

  it('says a mention was refused when the rules deny a comment that mentions, keeping its text', async () => {
    fakes.findMembersByName.mockResolvedValue([
      { uid: 'ben-uid', name: 'Ben Okafor', picture: null },
    ]);
    fakes.addComment.mockRejectedValue(
      Object.assign(new Error('denied'), { code: 'permission-denied' }),
    );
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user, field } = renderBox();
    await user.type(field(), 'Thanks @be');
    await screen.findByRole('option', { name: 'Ben Okafor' });
    await user.keyboard('{Enter}{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(FEED_MESSAGES.textMentionRefused);
    expect(field()).toHaveValue('Thanks @Ben Okafor ');
  });

  it('links the stored mentions of a comment to the members’ profiles', () => {
    live = [{ ...comment('c1', 'Hi @Name of bob and @Name of nobody', 'ann'), mentions: ['bob'] }];
    jest.mocked(fakes.useMentionedMembers).mockReturnValue([{ uid: 'bob', name: 'Name of bob' }]);
    renderBox();
    expect(fakes.useMentionedMembers).toHaveBeenCalledWith(['bob']);
    expect(screen.getByRole('link', { name: '@Name of bob' })).toHaveAttribute(
      'href',
      '/profile/bob',
    );
    expect(screen.queryByRole('link', { name: '@Name of nobody' })).not.toBeInTheDocument();
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
        <CommentBox postId="post-1" postAuthorUid={POST_AUTHOR} viewerUid={VIEWER} />
      </MemoryRouter>,
    );
    expect(screen.getAllByText(attack)).toHaveLength(2);
    expect(container.querySelector('img[src="x"]')).toBeNull();
  });

  it('links the web addresses in comments and replies', () => {
    live = [
      comment('c1', 'Map (https://maps.example/x)', 'ann', [
        { reply: 'Also http://b.example!', userId: 'bob' },
      ]),
    ];
    render(
      <MemoryRouter>
        <CommentBox postId="post-1" postAuthorUid={POST_AUTHOR} viewerUid={VIEWER} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'maps.example/x' })).toHaveAttribute(
      'href',
      'https://maps.example/x',
    );
    expect(screen.getByRole('link', { name: 'b.example' })).toHaveAttribute(
      'href',
      'http://b.example/',
    );
  });
});

describe('Pages of comments', () => {
  let hiddenSpy: jest.SpyInstance | undefined;
  afterEach(() => hiddenSpy?.mockRestore());

  /** Five comments, newest first: c5 … c1. */
  const five = () =>
    [5, 4, 3, 2, 1].map((n) => comment(`c${n}`, `comment ${n}`, n === 3 ? 'bob' : 'ann'));

  /** The box over `all`, read two at a time; `reads` counts the pages asked for after the first. */
  function renderPaged(all: Array<WithId<Comment>>) {
    const reads = jest.fn();
    fakes.useComments.mockImplementation(function usePages(): PagedQuery<Comment> {
      return useFakePagedQuery(all, 2, reads);
    });
    return { ...renderBox(), reads };
  }

  it('shows the newest page; Show older comments reads the next until the end, then goes', async () => {
    const { user, reads } = renderPaged(five());
    expect(shownComments()).toEqual(['comment 5', 'comment 4']);
    const older = screen.getByRole('button', { name: 'Show older comments' });
    await user.click(older);
    expect(reads).toHaveBeenCalledTimes(1);
    expect(shownComments()).toEqual(['comment 5', 'comment 4', 'comment 3', 'comment 2']);
    await user.click(older);
    expect(shownComments()).toHaveLength(5);
    expect(screen.queryByRole('button', { name: 'Show older comments' })).toBeNull();
  });

  it('says the next page is loading on the button, which stays focusable', () => {
    live = [comment('c2', 'newest', 'ann')];
    fakes.useComments.mockImplementation((): PagedQuery<Comment> =>
      staticPagedQuery(live, { hasMore: true, loadingMore: true }),
    );
    renderBox();
    const older = screen.getByRole('button', { name: 'Show older comments' });
    expect(older).toHaveAttribute('aria-busy', 'true');
    expect(older).toBeEnabled();
    expect(screen.getByText('Loading older comments…')).toBeInTheDocument();
  });

  it('offers Retry when an older page could not be read, keeping the comments shown', async () => {
    const retry = jest.fn();
    live = [comment('c2', 'newest', 'ann')];
    fakes.useComments.mockImplementation((): PagedQuery<Comment> =>
      staticPagedQuery(live, {
        hasMore: true,
        loadMoreError: Object.assign(new Error('x'), { code: 'unavailable' }) as never,
        retry,
      }),
    );
    const { user } = renderBox();
    expect(shownComments()).toEqual(['newest']);
    expect(screen.getByText('Older comments could not be loaded.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show older comments' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('reads on past a page of blocked members’ comments only, never showing an empty list', () => {
    // The module the components import (the test's namespace import is a copy of it).
    const shared = jest.requireMock<typeof sharedFirebase>('shared-firebase');
    hiddenSpy = jest.spyOn(shared, 'useHiddenMembers').mockReturnValue({
      blocked: new Set(['ann']),
      blockedBy: new Set(),
      muted: new Set(),
      loaded: true,
    });
    // c5 and c4 (the first page) are ann's; c3 is bob's, on the second page.
    const { reads } = renderPaged(five());
    expect(reads).toHaveBeenCalledTimes(1);
    expect(shownComments()).toEqual(['comment 3']);
    expect(screen.queryByText('No comments yet.')).toBeNull();
    expect(screen.getByRole('button', { name: 'Show older comments' })).toBeInTheDocument();
  });

  it('shows no comment or reply before the viewer’s blocks are known, so a blocker’s never flashes', () => {
    const shared = jest.requireMock<typeof sharedFirebase>('shared-firebase');
    const hiding = (loaded: boolean) => ({
      blocked: new Set<string>(),
      blockedBy: new Set(['cy']),
      muted: new Set<string>(),
      loaded,
    });
    hiddenSpy = jest.spyOn(shared, 'useHiddenMembers').mockReturnValue(hiding(false));
    live = [
      comment('c2', 'from cy', 'cy'),
      comment('c1', 'question', 'ann', [{ reply: 'cy answers', userId: 'cy' }]),
    ];
    const { rerender } = renderBox();
    expect(screen.getByText('Loading comments…')).toBeInTheDocument();
    expect(screen.queryByText('from cy')).toBeNull();
    expect(screen.queryByText('cy answers')).toBeNull();
    hiddenSpy.mockReturnValue(hiding(true));
    rerender();
    expect(shownComments()).toEqual(['question']);
    expect(screen.queryByText('cy answers')).toBeNull();
  });

  it('tells the card the count only once every page is read', async () => {
    const onCount = jest.fn();
    fakes.useComments.mockImplementation(function usePages(): PagedQuery<Comment> {
      return useFakePagedQuery(five(), 3);
    });
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <CommentBox
          postId="post-1"
          postAuthorUid={POST_AUTHOR}
          viewerUid={VIEWER}
          onCount={onCount}
        />
      </MemoryRouter>,
    );
    expect(onCount).toHaveBeenLastCalledWith(undefined);
    await user.click(screen.getByRole('button', { name: 'Show older comments' }));
    expect(onCount).toHaveBeenLastCalledWith(5);
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
    const field = screen.getByRole('combobox', { name: 'Write a reply' });
    await user.type(field, '  {Enter}');
    expect(fakes.addReply).not.toHaveBeenCalled();
    await user.clear(field);
    await user.type(field, 'an answer');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(fakes.addReply).toHaveBeenCalledWith(
      expect.objectContaining({ id: 'c1', userId: 'ann', postId: 'post-1' }),
      VIEWER,
      'an answer',
      [],
    );
    expect(field).toHaveValue('');
  });

  it('reports a reply that could not be sent and keeps its text', async () => {
    live = [comment('c1', 'question', 'ann')];
    fakes.addReply.mockRejectedValue(new Error('denied'));
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderBox();
    await user.click(screen.getByRole('button', { name: 'Reply' }));
    await user.type(screen.getByRole('combobox', { name: 'Write a reply' }), 'again{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('That could not be sent.');
    expect(screen.getByRole('combobox', { name: 'Write a reply' })).toHaveValue('again');
  });
});

describe('Time on comments and replies', () => {
  it('shows a comment’s time and a stamped reply’s time; an old reply shows none', () => {
    const now = Date.now();
    live = [
      {
        ...comment('c1', 'question', 'ann', [
          { reply: 'old style', userId: 'bob' },
          {
            reply: 'stamped',
            userId: 'cy',
            id: 'R1r1R1r1R1r1R1r1R1r1',
            createdAt: Timestamp.fromMillis(now - 3 * 60_000),
          },
        ]),
        createdAt: Timestamp.fromMillis(now - 5 * 60_000),
      },
    ];
    renderBox();
    const item = screen.getAllByRole('listitem')[0]!;
    expect(within(item).getByText('5 min').tagName).toBe('TIME');
    const replies = within(screen.getByRole('list', { name: 'Replies' })).getAllByRole('listitem');
    expect(replies[0]!.querySelector('time')).toBeNull();
    expect(within(replies[1]!).getByText('3 min')).toHaveAttribute('datetime');
  });
});

describe('Deleting comments and replies', () => {
  const thread = () => [
    comment('mine', 'my comment', VIEWER, [{ reply: 'their reply', userId: 'bob' }]),
    comment('theirs', 'their comment', 'ann', [
      { reply: 'my reply', userId: VIEWER },
      { reply: 'other reply', userId: 'bob' },
    ]),
  ];

  it('offers Delete on my comment, my reply and replies under my comment only', () => {
    live = thread();
    renderBox();
    expect(screen.getAllByRole('button', { name: 'Delete comment' })).toHaveLength(1);
    // Under my comment: bob's reply; under ann's: my own reply (not bob's).
    expect(screen.getAllByRole('button', { name: 'Delete reply' })).toHaveLength(2);
    const [mine, theirs] = screen
      .getAllByRole('listitem')
      .filter((li) => li.classList.contains('feed-comment'));
    expect(within(mine!).getByRole('button', { name: 'Delete comment' })).toBeInTheDocument();
    expect(within(theirs!).queryByRole('button', { name: 'Delete comment' })).toBeNull();
  });

  it('lets the post’s author delete any comment and reply on the post', () => {
    POST_AUTHOR = VIEWER;
    live = thread();
    renderBox();
    expect(screen.getAllByRole('button', { name: 'Delete comment' })).toHaveLength(2);
    expect(screen.getAllByRole('button', { name: 'Delete reply' })).toHaveLength(3);
  });

  it('asks first; Cancel deletes nothing, confirming deletes the comment', async () => {
    live = thread();
    const { user } = renderBox();
    await user.click(screen.getByRole('button', { name: 'Delete comment' }));
    const question = screen.getByRole('group', { name: 'Delete this comment and its replies?' });
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(fakes.deleteComment).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Delete comment' }));
    await user.click(screen.getByRole('button', { name: 'Delete comment' }));
    expect(fakes.deleteComment).toHaveBeenCalledWith('mine');
  });

  it('removes a reply exactly as stored, and reports a failure', async () => {
    live = thread();
    fakes.deleteReply.mockRejectedValue(new Error('denied'));
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderBox();
    const theirs = screen.getAllByRole('list', { name: 'Replies' })[1]!;
    await user.click(within(theirs).getByRole('button', { name: 'Delete reply' }));
    await user.click(within(theirs).getByRole('button', { name: 'Delete reply' }));
    expect(fakes.deleteReply).toHaveBeenCalledWith('theirs', { reply: 'my reply', userId: VIEWER });
    expect(await screen.findByRole('alert')).toHaveTextContent('The reply could not be deleted.');
  });
});

describe('Errors and waiting writes', () => {
  it('offers Retry when the comments cannot be loaded, and reads them again', async () => {
    fakes.useComments.mockImplementation(function useFailingOnce(): PagedQuery<Comment> {
      const [fail, setFail] = useState(true);
      return fail
        ? staticPagedQuery<Comment>([], {
            status: 'error',
            error: Object.assign(new Error('x'), { code: 'unavailable' }) as never,
            retry: () => setFail(false),
          })
        : staticPagedQuery([comment('c1', 'back again', 'ann')]);
    });
    const { user } = renderBox();
    expect(screen.getByText('Comments could not be loaded.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(screen.getByText('back again')).toBeInTheDocument();
  });

  it('clears the field at once, says a comment is waiting, and marks it in the list', async () => {
    let confirm: (sent: boolean) => void = () => undefined;
    fakes.addComment.mockImplementation(() => new Promise((resolve) => (confirm = resolve)));
    const { user, field, rerender } = renderBox();
    await user.type(field(), 'sent offline{Enter}');
    expect(field()).toHaveValue('');
    expect(await screen.findByText('Comment waiting to be sent…')).toBeInTheDocument();
    live = [comment('c9', 'sent offline', VIEWER)];
    fakes.useComments.mockImplementation((): PagedQuery<Comment> =>
      staticPagedQuery(live, { pendingIds: new Set(['c9']) }),
    );
    rerender();
    expect(screen.getByText('Waiting to be sent…')).toBeInTheDocument();
    await act(async () => confirm(true));
    expect(screen.queryByText('Comment waiting to be sent…')).toBeNull();
  });

  it('puts a comment that failed back into the field with a message', async () => {
    fakes.addComment.mockRejectedValue(new Error('permission-denied'));
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user, field } = renderBox();
    await user.type(field(), 'keep me{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('That could not be sent.');
    expect(field()).toHaveValue('keep me');
  });
});

describe('Reporting comments and replies', () => {
  // jsdom has <dialog> without its modal behaviour: opening marks it open, as a browser would.
  beforeAll(() => {
    HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
      this.setAttribute('open', '');
    };
    HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
      this.removeAttribute('open');
    };
  });
  beforeEach(() => platform.submitReport.mockReset().mockResolvedValue(undefined));

  async function report(user: ReturnType<typeof userEvent.setup>, button: HTMLElement) {
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: /^Report this (comment|reply)$/ });
    await user.click(within(dialog).getByRole('radio', { name: 'Harassment or bullying' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Thanks for telling us');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(button).toHaveFocus();
  }

  const thread = () => [
    comment('c1', 'Rude', 'ben', [
      { reply: 'Ruder', userId: 'ben', id: 'reply-with-id-000001' },
      { reply: 'Old and rude', userId: 'ben' },
    ]),
  ];

  it('reports another member’s comment', async () => {
    live = thread();
    const { user } = renderBox();
    await report(user, screen.getByRole('button', { name: 'Report comment' }));
    expect(platform.submitReport).toHaveBeenCalledWith(
      { kind: 'comment', targetId: 'c1', postId: 'post-1' },
      VIEWER,
      'harassment',
      '',
    );
  });

  it('reports a reply by its id', async () => {
    live = thread();
    const { user } = renderBox();
    await report(user, screen.getAllByRole('button', { name: 'Report reply' })[0]!);
    expect(platform.submitReport).toHaveBeenCalledWith(
      { kind: 'reply', targetId: 'c1', replyId: 'reply-with-id-000001', postId: 'post-1' },
      VIEWER,
      'harassment',
      '',
    );
  });

  it('reports an old reply without an id by the key of its writer and text', async () => {
    live = thread();
    const { user } = renderBox();
    await report(user, screen.getAllByRole('button', { name: 'Report reply' })[1]!);
    const replyId = sharedFirebase.replyKey({ reply: 'Old and rude', userId: 'ben' });
    expect(replyId).toMatch(/^old[0-9a-f]{16}$/);
    expect(platform.submitReport).toHaveBeenCalledWith(
      { kind: 'reply', targetId: 'c1', replyId, postId: 'post-1' },
      VIEWER,
      'harassment',
      '',
    );
  });

  it('offers no report of the viewer’s own comment or reply', () => {
    live = [comment('c2', 'Mine', VIEWER, [{ reply: 'Also mine', userId: VIEWER }])];
    renderBox();
    expect(screen.queryByRole('button', { name: 'Report comment' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Report reply' })).not.toBeInTheDocument();
  });
});
