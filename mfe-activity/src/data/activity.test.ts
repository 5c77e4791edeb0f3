import { activityQuery, markActivityRead } from './activity';

const mockCommits: Array<Array<[string, string, unknown?]>> = [];

jest.mock('firebase/firestore', () => ({
  doc: (parent: { path: string }, id: string) => ({ path: `${parent.path}/${id}`, id }),
  ...jest.requireActual('shared-firebase/testing/firebaseFakes').fakeQueryBuilders,
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
jest.mock('shared-firebase/session', () =>
  jest.requireActual('shared-firebase/testing/firebaseFakes').loadedFirebase(),
);

beforeEach(() => {
  mockCommits.length = 0;
});

describe('activity queries', () => {
  it('lists the member’s items newest first', () => {
    expect(activityQuery('ann')).toEqual({
      path: 'activity/ann/items',
      constraints: [['orderBy', 'createdAt', 'desc']],
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
