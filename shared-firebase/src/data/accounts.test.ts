import { runTransaction, writeBatch } from 'firebase/firestore';
import type { Transaction, WriteBatch } from 'firebase/firestore';
import { createAccountDocuments, ensureAccountDocuments, newAccountDocuments } from './accounts';

// Firestore is faked at the SDK boundary so the exact write shapes can be asserted; the rules'
// acceptance of these shapes is proven end to end by e2e/tests/auth.spec.ts (sign-up → documents).
jest.mock('firebase/firestore', () => ({ writeBatch: jest.fn(), runTransaction: jest.fn() }));
jest.mock('../db', () => ({ getDb: () => ({ name: 'fake-db' }) }));
jest.mock('../refs', () => ({
  userDataRef: (uid: string) => ({ path: `usersData/${uid}` }),
  followingRef: (uid: string) => ({ path: `Following/${uid}` }),
  followersRef: (uid: string) => ({ path: `Followers/${uid}` }),
}));

/** docs/DATA_MODEL.md "Sign-up", written out literally. */
const SIGN_UP_WRITES = (uid: string, userName: string) => [
  [
    `usersData/${uid}`,
    {
      posts: [],
      connections: { Followers: [], Following: [] },
      profilePictures: { profilePicture: null, profileCover: null },
      userInfo: {
        From: null,
        Lives: null,
        userAbout: null,
        userAge: null,
        userName,
        userGender: null,
        dob: null,
      },
      searchName: userName.toLowerCase(),
    },
  ],
  [`Following/${uid}`, { Following: [] }],
  [`Followers/${uid}`, { Followers: [] }],
];

function pathsAndData(calls: unknown[][]) {
  return calls.map(([ref, data]) => [(ref as { path: string }).path, data]);
}

beforeEach(() => jest.resetAllMocks());

test('a new account has exactly the documented shape', () => {
  const [userData, following, followers] = SIGN_UP_WRITES('u', 'Ann').map(([, data]) => data);
  expect(newAccountDocuments('Ann')).toEqual({ userData, following, followers });
});

describe('createAccountDocuments', () => {
  it('writes the three documents in one batch and commits it once', async () => {
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
  function withExisting(present: string[], userData: object = newAccountDocuments('Ann').userData) {
    const transaction = {
      get: jest.fn(async (ref: { path: string }) => ({
        exists: () => present.includes(ref.path),
        data: () => (ref.path.startsWith('usersData/') ? userData : {}),
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
    const transaction = withExisting(['usersData/u1', 'Following/u1', 'Followers/u1']);
    await expect(ensureAccountDocuments('u1', 'Ann')).resolves.toEqual([]);
    expect(transaction.set).not.toHaveBeenCalled();
    expect(transaction.update).not.toHaveBeenCalled();
    expect(transaction.get).toHaveBeenCalledTimes(3);
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
});

describe('newAccountDocuments', () => {
  it('stores the name in NFC with its lower-cased search form', () => {
    const typed = 'E\u0301lise'; // E + combining acute accent
    const { userData } = newAccountDocuments(typed);
    expect(userData.userInfo.userName).toBe('\u00c9lise');
    expect(userData.searchName).toBe('\u00c9lise');
  });
});
