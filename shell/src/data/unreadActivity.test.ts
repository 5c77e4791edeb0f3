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
jest.mock('shared-firebase', () => ({
  ...jest.requireActual('shared-firebase'),
  useHiddenMembers: jest.fn(() => mockHidden),
}));

let mockHidden = {
  blocked: new Set<string>(),
  blockedBy: new Set<string>(),
  muted: new Set<string>(),
  loaded: true,
};
/** An unread-items snapshot of items by these actors (`!` after a name: a suspended member's). */
const unreadBy = (...actors: string[]) => ({
  size: actors.length,
  docs: actors.map((actor) => ({
    data: () =>
      actor.endsWith('!') ? { actor: actor.slice(0, -1), authorSuspended: true } : { actor },
  })),
});
type Snapshot = ReturnType<typeof unreadBy>;

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
  it('follows the live number of unread items, and reads nothing without a member', () => {
    let push: (snapshot: Snapshot) => void = () => undefined;
    const unsubscribe = jest.fn();
    jest.mocked(onSnapshot).mockImplementation(((_query: unknown, next: typeof push) => {
      push = next;
      return unsubscribe;
    }) as never);
    const { result, rerender } = renderHook(({ uid }) => useUnreadActivityCount(uid), {
      initialProps: { uid: 'ann' as string | null },
    });
    expect(result.current).toBeNull();
    act(() => push(unreadBy('bo', 'cy')));
    expect(result.current).toBe(2);
    // A suspended member's items are hidden from the list: the bell does not count them.
    act(() => push(unreadBy('bo', 'cy!', 'di!')));
    expect(result.current).toBe(1);
    act(() => push(unreadBy()));
    expect(result.current).toBe(0);
    rerender({ uid: null });
    expect(unsubscribe).toHaveBeenCalled();
    expect(result.current).toBeNull();
    expect(onSnapshot).toHaveBeenCalledTimes(1);
  });

  it('leaves out items by members blocked either way or muted', () => {
    let push: (snapshot: Snapshot) => void = () => undefined;
    jest.mocked(onSnapshot).mockImplementation(((_query: unknown, next: typeof push) => {
      push = next;
      return () => undefined;
    }) as never);
    mockHidden = {
      blocked: new Set(['bo']),
      blockedBy: new Set(['cy']),
      muted: new Set(['di']),
      loaded: true,
    };
    const { result } = renderHook(() => useUnreadActivityCount('ann'));
    act(() => push(unreadBy('bo', 'cy', 'di', 'ed', 'ed')));
    expect(result.current).toBe(2);
  });

  it('shows no count before the member’s blocks and mutes are known', () => {
    let push: (snapshot: Snapshot) => void = () => undefined;
    jest.mocked(onSnapshot).mockImplementation(((_query: unknown, next: typeof push) => {
      push = next;
      return () => undefined;
    }) as never);
    mockHidden = { ...mockHidden, muted: new Set(['di']), loaded: false };
    const { result, rerender } = renderHook(() => useUnreadActivityCount('ann'));
    act(() => push(unreadBy('di', 'ed')));
    expect(result.current).toBeNull();
    mockHidden = { ...mockHidden, loaded: true };
    rerender();
    expect(result.current).toBe(1);
  });
});
