import { renderHook } from '@testing-library/react';
import { useHiddenMembers } from 'shared-firebase';
import type { UserData, WithId } from 'shared-firebase';
import { staticPagedQuery } from 'shared-firebase/testing/fakePagedQuery';
import { memberData } from 'shared-firebase/testing/members';
import { useShownMembers } from './shownMembers';

jest.mock('shared-firebase', () => ({
  ...jest.requireActual('shared-firebase'),
  useHiddenMembers: jest.fn(),
}));

const member = (id: string, suspended = false): WithId<UserData> => ({
  id,
  ...memberData(`Name of ${id}`),
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

describe('the members shown in the list and in search', () => {
  it('leave out members blocked either way and suspended members, and keep the others', () => {
    const pages = staticPagedQuery([
      member('ann'),
      member('bo'),
      member('cy'),
      member('sue', true),
      member('di'),
    ]);
    const { result } = renderHook(() => useShownMembers(pages));
    // A mute hides nobody from the member list.
    expect(result.current.items.map((shown) => shown.id)).toEqual(['ann', 'di']);
  });

  it('read the next page at once when a page held only hidden members', () => {
    const loadMore = jest.fn();
    const pages = staticPagedQuery([member('bo'), member('sue', true)], {
      hasMore: true,
      loadMore,
    });
    const { result } = renderHook(() => useShownMembers(pages));
    expect(result.current.items).toEqual([]);
    expect(loadMore).toHaveBeenCalled();
  });

  it('are loading, with nobody in them, until the viewer’s blocks are known', () => {
    jest.mocked(useHiddenMembers).mockReturnValue({
      blocked: new Set(),
      blockedBy: new Set(['cy']),
      muted: new Set(),
      loaded: false,
    });
    const pages = staticPagedQuery([member('ann'), member('cy')]);
    const { result } = renderHook(() => useShownMembers(pages));
    expect(result.current.status).toBe('loading');
    expect(result.current.items).toEqual([]);
  });
});
