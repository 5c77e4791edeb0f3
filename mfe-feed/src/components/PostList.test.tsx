import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import * as sharedFirebase from 'shared-firebase';
import { MESSAGES } from 'shared-firebase';
import type { PagedQuery, Post } from 'shared-firebase';
import { VIEWER, makePost, memberNamed } from '../testing/fixtures';
import { PostList } from './PostList';

jest.mock('shared-firebase', () => jest.requireActual('../testing/sharedFirebaseFake').fake());
jest.mock('../data', () => jest.requireActual('../testing/dataFake').fakeData());

const platform = jest.mocked(sharedFirebase);

/** jsdom has no IntersectionObserver: this one lets the test scroll an element into view. */
const observed = new Map<Element, IntersectionObserverCallback>();
class FakeIntersectionObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(element: Element) {
    observed.set(element, this.callback);
  }
  disconnect() {
    for (const [element, callback] of observed)
      if (callback === this.callback) observed.delete(element);
  }
}
function scrollIntoView(element: Element) {
  const callback = observed.get(element);
  if (!callback) throw new Error('That element is not observed.');
  act(() =>
    callback(
      [{ target: element, isIntersecting: true } as unknown as IntersectionObserverEntry],
      {} as IntersectionObserver,
    ),
  );
}

beforeAll(() => {
  Object.assign(globalThis, { IntersectionObserver: FakeIntersectionObserver });
});
beforeEach(() => {
  observed.clear();
  platform.useMember.mockImplementation(memberNamed);
});

function paged(overrides: Partial<PagedQuery<Post>>): PagedQuery<Post> {
  return {
    items: [],
    status: 'ready',
    error: null,
    hasMore: false,
    loadingMore: false,
    loadMore: jest.fn(),
    loadMoreError: null,
    retry: jest.fn(),
    ...overrides,
  };
}

function renderList(posts: PagedQuery<Post>) {
  return render(
    <MemoryRouter>
      <PostList posts={posts} viewerUid={VIEWER} label="Your feed" />
    </MemoryRouter>,
  );
}

const three = ['a', 'b', 'c'].map((id) => makePost({ postId: id, id, postCaption: `post ${id}` }));

describe('PostList', () => {
  it("shows 'No Posts' when there are none", () => {
    renderList(paged({}));
    expect(screen.getByText(MESSAGES.noPosts)).toBeInTheDocument();
  });

  it('says what its page gives it when there are none (a tag’s page)', () => {
    render(
      <MemoryRouter>
        <PostList
          posts={paged({})}
          viewerUid={VIEWER}
          label="Tagged"
          empty="No posts with #x yet."
        />
      </MemoryRouter>,
    );
    expect(screen.getByText('No posts with #x yet.')).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.noPosts)).not.toBeInTheDocument();
  });

  it('shows a loading indicator before the first page', () => {
    renderList(paged({ status: 'loading' }));
    expect(screen.getByRole('status')).toHaveTextContent('Loading posts…');
    expect(screen.queryByText(MESSAGES.noPosts)).not.toBeInTheDocument();
  });

  it('reads the next page when the last post scrolls into view, with a loader meanwhile', () => {
    const posts = paged({ items: three, hasMore: true });
    const { rerender } = renderList(posts);
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(observed.has(items[2]!)).toBe(true);
    expect(observed.has(items[0]!)).toBe(false);
    scrollIntoView(items[2]!);
    expect(posts.loadMore).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('You have reached the end.')).not.toBeInTheDocument();

    rerender(
      <MemoryRouter>
        <PostList posts={{ ...posts, loadingMore: true }} viewerUid={VIEWER} label="Your feed" />
      </MemoryRouter>,
    );
    expect(screen.getByText('Loading more posts…')).toBeInTheDocument();
  });

  it('marks the end of the list', () => {
    renderList(paged({ items: three, hasMore: false }));
    expect(screen.getByText('You have reached the end.')).toBeInTheDocument();
  });

  it('says when the posts cannot be read, with a Retry that reads again', async () => {
    const posts = paged({ status: 'error' });
    renderList(posts);
    expect(screen.getByRole('alert')).toHaveTextContent('Posts could not be loaded.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(posts.retry).toHaveBeenCalledTimes(1);
  });

  it('keeps the posts shown when a later page fails, with a Retry for the rest', async () => {
    const posts = paged({
      items: three,
      hasMore: true,
      loadMoreError: Object.assign(new Error('offline'), { code: 'unavailable' }) as never,
    });
    renderList(posts);
    expect(screen.getAllByRole('article', { name: 'Post' })).toHaveLength(3);
    expect(
      screen.getByText('More posts could not be loaded.').closest('[role=alert]'),
    ).not.toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(posts.retry).toHaveBeenCalledTimes(1);
  });
});
