import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import * as sharedFirebase from 'shared-firebase';
import type { Post, WithId } from 'shared-firebase';
import type { PagedItems } from 'shared-ui';
import * as data from '../data';
import { FEED_MESSAGES } from '../messages';
import { VIEWER, makePost, memberNamed } from '../testing/fixtures';
import { SavedPage } from './SavedPage';

jest.mock('shared-firebase', () => jest.requireActual('../testing/sharedFirebaseFake').fake());
jest.mock('../data', () => jest.requireActual('../testing/dataFake').fakeData());

const fakes = jest.mocked(data);
const platform = jest.mocked(sharedFirebase);

function listOf(
  items: Array<WithId<Post>>,
  overrides: Partial<PagedItems<WithId<Post>>> = {},
): PagedItems<WithId<Post>> {
  return {
    items,
    status: 'ready',
    hasMore: false,
    loadingMore: false,
    loadMore: jest.fn(),
    loadMoreError: null,
    retry: jest.fn(),
    ...overrides,
  };
}

beforeEach(() => {
  platform.useSignedInUid.mockReturnValue(VIEWER);
  platform.useMember.mockImplementation(memberNamed);
});

function renderPage() {
  render(
    <MemoryRouter initialEntries={['/saved']}>
      <SavedPage />
    </MemoryRouter>,
  );
}

describe('SavedPage', () => {
  it('lists the viewer’s saved posts as post cards, each marked saved', () => {
    fakes.useSavedPostList.mockReturnValue(
      listOf([
        makePost({ id: 'p2', postId: 'p2', uid: 'author-2', postCaption: 'Second' }),
        makePost({ id: 'p1', postId: 'p1', uid: 'author-1', postCaption: 'First' }),
      ]),
    );
    fakes.useSavedMark.mockReturnValue({ status: 'ready', data: { postId: 'p', savedAt: null } });
    renderPage();
    expect(fakes.useSavedPostList).toHaveBeenCalledWith(VIEWER);
    expect(screen.getByRole('heading', { level: 1, name: 'Saved posts' })).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Saved posts' });
    const cards = screen.getAllByRole('article', { name: 'Post' });
    expect(cards.map((card) => card.textContent)).toEqual([
      expect.stringContaining('Second'),
      expect.stringContaining('First'),
    ]);
    expect(list).toContainElement(cards[0]!);
    for (const button of screen.getAllByRole('button', { name: 'Saved' })) {
      expect(button).toHaveAttribute('aria-pressed', 'true');
    }
  });

  it('says how to save a post when none is saved', () => {
    fakes.useSavedPostList.mockReturnValue(listOf([]));
    renderPage();
    expect(screen.getByText(FEED_MESSAGES.noSavedPosts)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Saved posts' })).not.toBeInTheDocument();
  });

  it('offers Retry when the saved posts cannot be loaded', async () => {
    const list = listOf([], { status: 'error' });
    fakes.useSavedPostList.mockReturnValue(list);
    renderPage();
    expect(screen.getByText('Your saved posts could not be loaded.')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(list.retry).toHaveBeenCalled();
  });

  it('shows a loader while the list loads', () => {
    fakes.useSavedPostList.mockReturnValue(listOf([], { status: 'loading' }));
    renderPage();
    expect(screen.getByText('Loading your saved posts…')).toBeInTheDocument();
  });
});
