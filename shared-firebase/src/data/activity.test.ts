import { act, renderHook } from '@testing-library/react';
import { onSnapshot } from 'firebase/firestore';
import {
  activityQuery,
  commentItemId,
  followItemId,
  likeItemId,
  markActivityRead,
  replyItemId,
  unreadActivityQuery,
  useUnreadActivityCount,
} from './activity';

const mockCommits: Array<Array<[string, string, unknown?]>> = [];

jest.mock('firebase/firestore', () => ({
  doc: (parent: { path: string }, id: string) => ({ path: `${parent.path}/${id}`, id }),
  ...jest.requireActual('../testing/fakeQueryBuilders').fakeQueryBuilders,
  serverTimestamp: () => 'SERVER_TIME',
  onSnapshot: jest.fn(),
  writeBatch: () => {
    const ops: Array<[string, string, unknown?]> = [];
    return {
      update: (ref: { path: string }, data: unknown) => ops.push(['update', ref.path, data]),
      commit: async () => {
        mockCommits.push(ops);
      },
    };
  },
}));
jest.mock('../db', () => ({ getDb: () => 'DB' }));

beforeEach(() => {
  mockCommits.length = 0;
});

describe('activity ids', () => {
  it('are derived from the action, as docs/DATA_MODEL.md names them', () => {
    expect(likeItemId('p1', 'bob')).toBe('like_p1_bob');
    expect(followItemId('bob')).toBe('follow_bob');
    expect(commentItemId('c1')).toBe('comment_c1');
    expect(replyItemId('c1', 3, 'bob')).toBe('reply_c1_3_bob');
  });
});

describe('activity queries', () => {
  it('lists the member’s items newest first, and counts at most 100 unread', () => {
    expect(activityQuery('ann')).toEqual({
      path: 'activity/ann/items',
      constraints: [['orderBy', 'createdAt', 'desc']],
    });
    expect(unreadActivityQuery('ann')).toEqual({
      path: 'activity/ann/items',
      constraints: [
        ['where', 'read', '==', false],
        ['limit', 100],
      ],
    });
  });
});

describe('markActivityRead', () => {
  it('sets only read: true, in batches of at most 500', async () => {
    const ids = Array.from({ length: 501 }, (_, i) => `i${i}`);
    await markActivityRead('ann', ids);
    expect(mockCommits.map((ops) => ops.length)).toEqual([500, 1]);
    expect(mockCommits[1]).toEqual([['update', 'activity/ann/items/i500', { read: true }]]);
  });
});

describe('useUnreadActivityCount', () => {
  it('follows the live number of unread items, and reads nothing without a member', () => {
    let push: (snapshot: { size: number }) => void = () => undefined;
    const unsubscribe = jest.fn();
    jest.mocked(onSnapshot).mockImplementation(((_query: unknown, next: typeof push) => {
      push = next;
      return unsubscribe;
    }) as never);
    const { result, rerender } = renderHook(({ uid }) => useUnreadActivityCount(uid), {
      initialProps: { uid: 'ann' as string | null },
    });
    expect(result.current).toBeNull();
    act(() => push({ size: 2 }));
    expect(result.current).toBe(2);
    act(() => push({ size: 0 }));
    expect(result.current).toBe(0);
    rerender({ uid: null });
    expect(unsubscribe).toHaveBeenCalled();
    expect(result.current).toBeNull();
    expect(onSnapshot).toHaveBeenCalledTimes(1);
  });
});
