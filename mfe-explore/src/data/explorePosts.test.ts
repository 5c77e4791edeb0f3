import { renderHook } from '@testing-library/react';
import { useHiddenMembers, usePagedQuery } from 'shared-firebase';
import type { ExplorePost, WithId } from 'shared-firebase';
import { staticPagedQuery } from 'shared-firebase/testing/fakePagedQuery';
import { useExplorePosts } from './explore';

jest.mock('shared-firebase', () => ({
  ...jest.requireActual('shared-firebase'),
  explorePostsCollection: () => ({ path: 'explorePosts' }),
  usePagedQuery: jest.fn(),
  useHiddenMembers: jest.fn(),
}));
jest.mock('firebase/firestore', () => ({
  ...jest.requireActual('shared-firebase/testing/firebaseFakes').fakeQueryBuilders,
}));

const photo = (id: string, uid: string, suspended = false) =>
  ({ id, uid, ...(suspended ? { authorSuspended: true } : {}) }) as WithId<ExplorePost>;

const hiding = (loaded: boolean) =>
  jest.mocked(useHiddenMembers).mockReturnValue({
    blocked: new Set(['bo']),
    blockedBy: new Set(['cy']),
    muted: new Set(['di']),
    loaded,
  });

beforeEach(() => {
  jest
    .mocked(usePagedQuery)
    .mockReturnValue(
      staticPagedQuery([
        photo('1', 'ann'),
        photo('2', 'bo'),
        photo('3', 'cy'),
        photo('4', 'sue', true),
        photo('5', 'di'),
      ]),
    );
});

describe('the explore grid’s photos', () => {
  it('leave out members blocked either way and suspended members', () => {
    hiding(true);
    const { result } = renderHook(() => useExplorePosts());
    // A mute is a view of the feed and the bell only.
    expect(result.current.items.map((shown) => shown.id)).toEqual(['1', '5']);
  });

  it('are loading, with no photo, until the viewer’s blocks are known', () => {
    hiding(false);
    const { result } = renderHook(() => useExplorePosts());
    expect(result.current.status).toBe('loading');
    expect(result.current.items).toEqual([]);
  });
});
