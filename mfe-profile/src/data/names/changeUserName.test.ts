import { getDoc, writeBatch } from 'firebase/firestore';
import type { WriteBatch } from 'firebase/firestore';
import { changeUserName, UserNameTakenError } from './changeUserName';

// Firestore and the contract's references are faked at their boundaries so the exact batch can be
// asserted; the rules' acceptance of it is proven by user-names.cases.ts on both backends and by
// e2e/tests/names.spec.ts.
jest.mock('firebase/firestore', () => ({ getDoc: jest.fn(), writeBatch: jest.fn() }));
jest.mock('shared-firebase', () => ({
  ...jest.requireActual<object>('shared-firebase'),
  getDb: () => ({ name: 'fake-db' }),
  userDataRef: (uid: string) => ({
    withConverter: () => ({ path: `usersData/${uid}` }),
  }),
  userNameClaimRef: (id: string) => ({ path: `userNames/${id}`, id }),
}));

/** Claims that exist, by id, with their holder. */
function withClaims(holders: Record<string, string>) {
  jest.mocked(getDoc).mockImplementation((async (ref: { path: string; id: string }) => ({
    ref,
    exists: () => ref.id in holders,
    data: () => ({ uid: holders[ref.id] }),
  })) as unknown as typeof getDoc);
  const batch = {
    update: jest.fn(),
    set: jest.fn(),
    delete: jest.fn(),
    commit: jest.fn().mockResolvedValue(undefined),
  };
  jest.mocked(writeBatch).mockReturnValue(batch as unknown as WriteBatch);
  return batch;
}

const paths = (calls: unknown[][]) =>
  calls.map(([ref, ...rest]) => [(ref as { path: string }).path, ...rest]);

beforeEach(() => jest.resetAllMocks());

it('writes the name, its search form and key, claims it and releases the old claim, in one batch', async () => {
  const batch = withClaims({ '~ann': 'me' });
  await changeUserName('me', 'Ｂｅａ Lee', '~ann');
  expect(paths(batch.update.mock.calls)).toEqual([
    [
      'usersData/me',
      { 'userInfo.userName': 'Ｂｅａ Lee', searchName: 'Ｂｅａ lee', nameKey: '~bea lee' },
    ],
  ]);
  expect(paths(batch.set.mock.calls)).toEqual([['userNames/~bea lee', { uid: 'me' }]]);
  expect(paths(batch.delete.mock.calls)).toEqual([['userNames/~ann']]);
  expect(batch.commit).toHaveBeenCalledTimes(1);
});

it('keeps the claim when only the case changes', async () => {
  const batch = withClaims({ '~ann': 'me' });
  await changeUserName('me', 'ANN', '~ann');
  expect(batch.set).not.toHaveBeenCalled();
  expect(batch.delete).not.toHaveBeenCalled();
  expect(batch.update).toHaveBeenCalledTimes(1);
});

it('refuses a name another member holds in another case or width, and writes nothing', async () => {
  withClaims({ '~bea': 'someone-else', '~ann': 'me' });
  await expect(changeUserName('me', 'ＢＥＡ', '~ann')).rejects.toBeInstanceOf(UserNameTakenError);
  expect(writeBatch).not.toHaveBeenCalled();
});

it('leaves another member’s claim alone when the member held none (a name from before claims)', async () => {
  const batch = withClaims({ '~ann': 'the-first-ann' });
  await changeUserName('me', 'Annika', undefined);
  expect(paths(batch.set.mock.calls)).toEqual([['userNames/~annika', { uid: 'me' }]]);
  expect(batch.delete).not.toHaveBeenCalled();
});
