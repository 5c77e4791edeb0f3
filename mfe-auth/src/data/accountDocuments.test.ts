import { runTransaction, writeBatch } from 'firebase/firestore';
import type { Transaction, WriteBatch } from 'firebase/firestore';
import { newAccountDocuments } from 'shared-firebase';
import { createAccountDocuments, ensureAccountDocuments } from './accountDocuments';

// Firestore and the contract's references are faked at their boundaries so the exact writes can be
// asserted; the documents' shape is the contract's (shared-firebase's accountDocuments.test.ts
// spells it out), and the rules' acceptance of it is proven end to end by e2e/tests/auth.spec.ts.
jest.mock('firebase/firestore', () => ({
  writeBatch: jest.fn(),
  runTransaction: jest.fn(),
  getDoc: jest.fn(),
}));
jest.mock('shared-firebase', () => ({
  ...jest.requireActual<object>('shared-firebase'),
  getDb: () => ({ name: 'fake-db' }),
  userDataRef: (uid: string) => ({ path: `usersData/${uid}` }),
  followingRef: (uid: string) => ({ path: `Following/${uid}` }),
  followersRef: (uid: string) => ({ path: `Followers/${uid}` }),
  userNameClaimRef: (id: string) => ({ path: `userNames/${id}`, id }),
}));

/** The writes of sign-up, at their paths (docs/DATA_MODEL.md "Sign-up", "Unique names"). */
const SIGN_UP_WRITES = (uid: string, userName: string) => {
  const { userData, following, followers, nameClaimId } = newAccountDocuments(userName);
  return [
    [`usersData/${uid}`, userData],
    [`Following/${uid}`, following],
    [`Followers/${uid}`, followers],
    [`userNames/${nameClaimId}`, { uid }],
  ];
};

function pathsAndData(calls: unknown[][]) {
  return calls.map(([ref, data]) => [(ref as { path: string }).path, data]);
}

beforeEach(() => jest.resetAllMocks());

describe('createAccountDocuments', () => {
  it('writes the three documents and the name’s claim in one batch and commits it once', async () => {
    const batch = { set: jest.fn(), commit: jest.fn().mockResolvedValue(undefined) };
    jest.mocked(writeBatch).mockReturnValue(batch as unknown as WriteBatch);

    await createAccountDocuments('u1', 'Ann');

    expect(writeBatch).toHaveBeenCalledTimes(1);
    expect(writeBatch).toHaveBeenCalledWith({ name: 'fake-db' });
    expect(pathsAndData(batch.set.mock.calls)).toEqual(SIGN_UP_WRITES('u1', 'Ann'));
    expect(batch.commit).toHaveBeenCalledTimes(1);
  });

  it('rejects when the commit fails', async () => {
    const denied = Object.assign(new Error('denied'), { code: 'permission-denied' });
    const batch = { set: jest.fn(), commit: jest.fn().mockRejectedValue(denied) };
    jest.mocked(writeBatch).mockReturnValue(batch as unknown as WriteBatch);

    await expect(createAccountDocuments('u1', 'Ann')).rejects.toBe(denied);
  });
});

describe('ensureAccountDocuments', () => {
  /** Runs the update function once against a fake transaction in which `present` docs exist. */
  function withExisting(
    present: string[],
    userData: object = newAccountDocuments('Ann').userData,
    claimHolder = 'u1',
  ) {
    const transaction = {
      get: jest.fn(async (ref: { path: string }) => ({
        exists: () => present.includes(ref.path),
        data: () =>
          ref.path.startsWith('usersData/')
            ? userData
            : ref.path.startsWith('userNames/')
              ? { uid: claimHolder }
              : {},
      })),
      set: jest.fn(),
      update: jest.fn(),
    };
    jest
      .mocked(runTransaction)
      .mockImplementation(async (_db, update) => update(transaction as unknown as Transaction));
    return transaction;
  }

  it('creates all three documents for an account that has none', async () => {
    const transaction = withExisting([]);
    await expect(ensureAccountDocuments('u1', 'Ann')).resolves.toEqual([
      'usersData',
      'Following',
      'Followers',
    ]);
    expect(pathsAndData(transaction.set.mock.calls)).toEqual(SIGN_UP_WRITES('u1', 'Ann'));
  });

  it('creates only the missing ones and never rewrites an existing document', async () => {
    const transaction = withExisting(['usersData/u1', 'Followers/u1']);
    await expect(ensureAccountDocuments('u1', 'Ann')).resolves.toEqual(['Following']);
    expect(pathsAndData(transaction.set.mock.calls)).toEqual([['Following/u1', { Following: [] }]]);
  });

  it('writes nothing for a complete account', async () => {
    const transaction = withExisting([
      'usersData/u1',
      'Following/u1',
      'Followers/u1',
      'userNames/~ann',
    ]);
    await expect(ensureAccountDocuments('u1', 'Ann')).resolves.toEqual([]);
    expect(transaction.set).not.toHaveBeenCalled();
    expect(transaction.update).not.toHaveBeenCalled();
    expect(transaction.get).toHaveBeenCalledTimes(4);
  });

  it('gives a member from before search their searchName, from the name they have', async () => {
    const { searchName: _none, ...legacy } = newAccountDocuments('Ängel ÖZ').userData;
    const transaction = withExisting(['usersData/u1', 'Following/u1', 'Followers/u1'], legacy);
    await expect(ensureAccountDocuments('u1', 'Ann')).resolves.toEqual([]);
    expect(pathsAndData(transaction.update.mock.calls)).toEqual([
      ['usersData/u1', { searchName: 'Ängel Öz' }],
    ]);
    expect(transaction.set).not.toHaveBeenCalled();
  });

  it('lets a member from before unique names claim the name they have, when it is free', async () => {
    const { nameKey: _none, ...legacy } = newAccountDocuments('Ängel ÖZ').userData;
    const transaction = withExisting(['usersData/u1', 'Following/u1', 'Followers/u1'], legacy);
    await expect(ensureAccountDocuments('u1', 'Ann')).resolves.toEqual([]);
    expect(pathsAndData(transaction.update.mock.calls)).toEqual([
      ['usersData/u1', { nameKey: '~ängel öz' }],
    ]);
    expect(pathsAndData(transaction.set.mock.calls)).toEqual([
      ['userNames/~ängel öz', { uid: 'u1' }],
    ]);
  });

  it('leaves a member whose name another member holds as they are (they are asked to rename)', async () => {
    const { nameKey: _none, ...legacy } = newAccountDocuments('Ann').userData;
    const transaction = withExisting(
      ['usersData/u1', 'Following/u1', 'Followers/u1', 'userNames/~ann'],
      legacy,
      'someone-else',
    );
    await expect(ensureAccountDocuments('u1', 'Ann')).resolves.toEqual([]);
    expect(transaction.update).not.toHaveBeenCalled();
    expect(transaction.set).not.toHaveBeenCalled();
  });
});
