import { renderHook } from '@testing-library/react';
import { useHiddenMembers } from 'shared-firebase';
import { memberData } from 'shared-firebase/testing/members';
import { MENTION_SUGGESTIONS, findMembersByName, useFindMembersByName } from './mentions';

/**
 * firebase/firestore faked at its boundary: a query is its constraints, and `getDocs` answers the
 * members in `__members` (already in `searchName` order) after the `startAfter` one, `limit` of them.
 */
type Member = { id: string; data: () => ReturnType<typeof memberData> };
jest.mock('firebase/firestore', () => {
  const members: Member[] = [];
  const reads: unknown[][] = [];
  return {
    ...jest.requireActual('shared-firebase/testing/firebaseFakes').fakeQueryBuilders,
    startAfter: (member: Member) => ['startAfter', member],
    getDocs: async (asked: { constraints: unknown[] }) => {
      reads.push(asked.constraints);
      const after = asked.constraints.find((c) => Array.isArray(c) && c[0] === 'startAfter') as
        [string, Member] | undefined;
      const count = (
        asked.constraints.find((c) => Array.isArray(c) && c[0] === 'limit') as [string, number]
      )[1];
      const from = after ? members.indexOf(after[1]) + 1 : 0;
      const docs = members.slice(from, from + count);
      return { docs, size: docs.length };
    },
    __members: members,
    __reads: reads,
  };
});
jest.mock('shared-firebase/session', () =>
  jest.requireActual('shared-firebase/testing/firebaseFakes').loadedFirebase(),
);
jest.mock('shared-firebase', () => ({
  ...jest.requireActual('shared-firebase'),
  useHiddenMembers: jest.fn(),
}));

const firestore = jest.requireMock('firebase/firestore') as {
  __members: Member[];
  __reads: unknown[][];
};

const hiding = (
  blocked: string[] = [],
  blockedBy: string[] = [],
  muted: string[] = [],
  loaded = true,
) => ({
  blocked: new Set(blocked),
  blockedBy: new Set(blockedBy),
  muted: new Set(muted),
  loaded,
});

/** Members `ann0`, `ann1`, …: a name search for "ann" finds them all, in this order. */
function membersNamedAnn(count: number, suspended: string[] = []) {
  firestore.__members.length = 0;
  for (let i = 0; i < count; i++) {
    const id = `ann${i}`;
    const data = {
      ...memberData(`Ann${i}`),
      ...(suspended.includes(id) ? { authorSuspended: true as const } : {}),
    };
    firestore.__members.push({ id, data: () => data });
  }
}

beforeEach(() => {
  firestore.__reads.length = 0;
});

describe('the @-suggestions', () => {
  it('leave out members blocked either way and suspended members, and offer the others', async () => {
    membersNamedAnn(5, ['ann2']);
    const offered = await findMembersByName('ann', hiding(['ann0'], ['ann1'], ['ann3']));
    // A mute hides nobody from a mention.
    expect(offered.map((member) => member.uid)).toEqual(['ann3', 'ann4']);
  });

  it('read on past hidden members, so they never crowd out the ones offered', async () => {
    membersNamedAnn(MENTION_SUGGESTIONS + 3, ['ann1']);
    const offered = await findMembersByName('ann', hiding(['ann0', 'ann2']));
    expect(offered.map((member) => member.uid)).toEqual([
      'ann3',
      'ann4',
      'ann5',
      'ann6',
      'ann7',
      'ann8',
    ]);
    expect(firestore.__reads).toHaveLength(2);
  });

  it('read one page when nobody in it is hidden', async () => {
    membersNamedAnn(MENTION_SUGGESTIONS + 3);
    const offered = await findMembersByName('ann', hiding());
    expect(offered).toHaveLength(MENTION_SUGGESTIONS);
    expect(firestore.__reads).toHaveLength(1);
  });

  it('search with whom the signed-in member does not see', async () => {
    membersNamedAnn(2);
    jest.mocked(useHiddenMembers).mockReturnValue(hiding([], ['ann1']));
    const { result } = renderHook(() => useFindMembersByName());
    const offered = await result.current('an');
    expect(offered.map((member) => member.uid)).toEqual(['ann0']);
  });

  it('offer nobody before the viewer’s blocks are known, then ask again with them', async () => {
    membersNamedAnn(2);
    jest.mocked(useHiddenMembers).mockReturnValue(hiding([], ['ann1'], [], false));
    const { result, rerender } = renderHook(() => useFindMembersByName());
    const unanswered = result.current('an');
    const first = await Promise.race([
      unanswered,
      new Promise((done) => setTimeout(done, 20, 'waiting')),
    ]);
    expect(first).toBe('waiting');
    expect(firestore.__reads).toHaveLength(0);
    jest.mocked(useHiddenMembers).mockReturnValue(hiding([], ['ann1']));
    rerender();
    const offered = await result.current('an');
    expect(offered.map((member) => member.uid)).toEqual(['ann0']);
  });
});
