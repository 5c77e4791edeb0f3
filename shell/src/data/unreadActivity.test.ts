import { act, renderHook } from '@testing-library/react';
import { onSnapshot } from 'firebase/firestore';
import { unreadActivityQuery, useUnreadActivityCount } from './unreadActivity';

jest.mock('firebase/firestore', () => ({
  doc: (parent: { path: string }, id: string) => ({ path: `${parent.path}/${id}`, id }),
  ...jest.requireActual('shared-firebase/testing/firebaseFakes').fakeQueryBuilders,
  onSnapshot: jest.fn(),
}));
jest.mock('shared-firebase/session', () =>
  jest.requireActual('shared-firebase/testing/firebaseFakes').loadedFirebase(),
);

describe('unreadActivityQuery', () => {
  it('counts at most 100 unread', () => {
    expect(unreadActivityQuery('ann')).toEqual({
      path: 'activity/ann/items',
      constraints: [
        ['where', 'read', '==', false],
        ['limit', 100],
      ],
    });
  });
});

describe('useUnreadActivityCount', () => {
  /** A snapshot of `count` unread items, the last `suspended` of them a suspended member's. */
  const items = (count: number, suspended = 0) => ({
    docs: Array.from({ length: count }, (_, index) => ({
      data: () => (index >= count - suspended ? { authorSuspended: true } : {}),
    })),
  });

  it('follows the live number of unread items, and reads nothing without a member', () => {
    let push: (snapshot: ReturnType<typeof items>) => void = () => undefined;
    const unsubscribe = jest.fn();
    jest.mocked(onSnapshot).mockImplementation(((_query: unknown, next: typeof push) => {
      push = next;
      return unsubscribe;
    }) as never);
    const { result, rerender } = renderHook(({ uid }) => useUnreadActivityCount(uid), {
      initialProps: { uid: 'ann' as string | null },
    });
    expect(result.current).toBeNull();
    act(() => push(items(2)));
    expect(result.current).toBe(2);
    // A suspended member's items are hidden from the list: the bell does not count them.
    act(() => push(items(3, 2)));
    expect(result.current).toBe(1);
    act(() => push(items(0)));
    expect(result.current).toBe(0);
    rerender({ uid: null });
    expect(unsubscribe).toHaveBeenCalled();
    expect(result.current).toBeNull();
    expect(onSnapshot).toHaveBeenCalledTimes(1);
  });
});
