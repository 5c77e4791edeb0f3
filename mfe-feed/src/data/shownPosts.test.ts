import { renderHook } from '@testing-library/react';
import { useHiddenMembers } from 'shared-firebase';
import type { Post, WithId } from 'shared-firebase';
import { staticPagedQuery } from 'shared-firebase/testing/fakePagedQuery';
import { makePost } from '../testing/fixtures';
import { useShownPosts } from './posts';

jest.mock('shared-firebase', () => ({
  ...jest.requireActual('shared-firebase'),
  useHiddenMembers: jest.fn(),
}));

const post = (uid: string, id: string, suspended = false): WithId<Post> => ({
  ...makePost({ uid, postId: id }),
  id,
  ...(suspended ? { authorSuspended: true as const } : {}),
});

beforeEach(() => {
  jest.mocked(useHiddenMembers).mockReturnValue({
    blocked: new Set(['bo']),
    blockedBy: new Set(['cy']),
    muted: new Set(['di']),
    loaded: true,
  });
});

describe('the posts a tag page shows', () => {
  it('leave out members blocked either way and suspended members, and keep the others', () => {
    const pages = staticPagedQuery([
      post('ann', 'p1'),
      post('bo', 'p2'),
      post('cy', 'p3'),
      post('sue', 'p4', true),
      post('di', 'p5'),
    ]);
    const { result } = renderHook(() => useShownPosts(pages));
    // A mute hides nobody's posts outside the home feed.
    expect(result.current.items.map((shown) => shown.id)).toEqual(['p1', 'p5']);
  });

  it('read the next page at once when a page held only hidden members’ posts', () => {
    const loadMore = jest.fn();
    const pages = staticPagedQuery([post('cy', 'p1'), post('bo', 'p2')], {
      hasMore: true,
      loadMore,
    });
    const { result } = renderHook(() => useShownPosts(pages));
    expect(result.current.items).toEqual([]);
    expect(loadMore).toHaveBeenCalled();
  });
});
