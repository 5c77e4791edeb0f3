import {
  createUserWithEmailAndPassword,
  signInWithEmailAndPassword,
  updateProfile,
} from 'firebase/auth';
import type { UserCredential } from 'firebase/auth';
import { followFirebaseSession, signOut } from 'shared-firebase/session';
import {
  ACCOUNT_DOCUMENTS_TIMEOUT_MS,
  completeSignUp,
  repairUserName,
  signInMember,
  signUpMember,
} from './account';
import { createAccountDocuments, ensureAccountDocuments, userNameTaken } from './accountDocuments';
import { firebaseError } from '../testing/renderAt';
import { AccountDocumentsError, UserNameTakenError } from './authErrors';

// The Firebase SDK, the session and the documents' writes are faked at their boundaries; the error
// codes used here are the ones firebase-tools' Auth emulator answers (see mfe-auth/README.md), and
// e2e/tests/auth.spec.ts runs the same flows against the real emulators.
jest.mock('firebase/auth', () => ({
  createUserWithEmailAndPassword: jest.fn(),
  signInWithEmailAndPassword: jest.fn(),
  updateProfile: jest.fn(),
}));
jest.mock('shared-firebase/session', () => ({
  ...jest.requireActual('shared-firebase/testing/firebaseFakes').loadedFirebase(),
  signOut: jest.fn(),
  followFirebaseSession: jest.fn(),
}));
jest.mock('./accountDocuments', () => ({
  createAccountDocuments: jest.fn(),
  ensureAccountDocuments: jest.fn(),
  userNameTaken: jest.fn(),
}));

const signIn = jest.mocked(signInWithEmailAndPassword);
const createUser = jest.mocked(createUserWithEmailAndPassword);
const setProfile = jest.mocked(updateProfile);
const createDocuments = jest.mocked(createAccountDocuments);
const ensureDocuments = jest.mocked(ensureAccountDocuments);
const mockedSignOut = jest.mocked(signOut);
const followSession = jest.mocked(followFirebaseSession);
const nameTaken = jest.mocked(userNameTaken);

function credential(user: { uid: string; displayName?: string | null; email?: string | null }) {
  return {
    user: { displayName: null, email: null, ...user },
  } as unknown as UserCredential;
}

beforeEach(() => {
  jest.resetAllMocks();
  setProfile.mockResolvedValue(undefined);
  mockedSignOut.mockResolvedValue(undefined);
  followSession.mockResolvedValue(undefined);
  nameTaken.mockResolvedValue(false);
});

describe('repairUserName', () => {
  it('prefers the display name chosen at sign-up', () => {
    expect(repairUserName({ displayName: '  Ann Lee ', email: 'ann@example.test' })).toBe(
      'Ann Lee',
    );
  });

  it("falls back to the e-mail's local part, then to a neutral name", () => {
    expect(repairUserName({ displayName: '   ', email: 'bob.smith@example.test' })).toBe(
      'bob.smith',
    );
    expect(repairUserName({ displayName: null, email: null })).toBe('Member');
  });

  it('keeps the result within 32 UTF-16 units without splitting a character', () => {
    const name = repairUserName({ displayName: `${'a'.repeat(31)}😀b`, email: null });
    expect(name).toBe('a'.repeat(31));
    expect(repairUserName({ displayName: 'x'.repeat(40), email: null })).toHaveLength(32);
  });
});

describe('signInMember', () => {
  it('signs in, makes sure the documents exist with the chosen name, and returns the uid', async () => {
    signIn.mockResolvedValue(credential({ uid: 'u1', displayName: 'Ann', email: 'a@x.test' }));
    ensureDocuments.mockResolvedValue([]);

    await expect(signInMember('a@x.test', 'secret1')).resolves.toBe('u1');

    expect(signIn).toHaveBeenCalledWith({ name: 'fake-auth' }, 'a@x.test', 'secret1');
    // The session follows Firebase before the sign-in, so it sees the member at once.
    expect(followSession.mock.invocationCallOrder[0]).toBeLessThan(
      signIn.mock.invocationCallOrder[0]!,
    );
    expect(ensureDocuments).toHaveBeenCalledWith('u1', 'Ann');
    expect(mockedSignOut).not.toHaveBeenCalled();
  });

  it('passes the Firebase error through untouched, without touching documents', async () => {
    const error = firebaseError('auth/wrong-password');
    signIn.mockRejectedValue(error);

    await expect(signInMember('a@x.test', 'nope')).rejects.toBe(error);
    expect(ensureDocuments).not.toHaveBeenCalled();
  });

  it('signs the member out again when the documents cannot be repaired', async () => {
    signIn.mockResolvedValue(credential({ uid: 'u2', email: 'bea@x.test' }));
    const denied = Object.assign(new Error('denied'), { code: 'permission-denied' });
    ensureDocuments.mockRejectedValue(denied);

    const failure = signInMember('bea@x.test', 'secret1');
    await expect(failure).rejects.toBeInstanceOf(AccountDocumentsError);
    await expect(failure).rejects.toMatchObject({ uid: 'u2', userName: 'bea', reason: denied });
    expect(mockedSignOut).toHaveBeenCalledTimes(1);
  });

  it('gives up on a repair that never answers', async () => {
    jest.useFakeTimers();
    try {
      signIn.mockResolvedValue(credential({ uid: 'u3', displayName: 'Cy' }));
      ensureDocuments.mockReturnValue(new Promise(() => undefined));

      const failure = signInMember('c@x.test', 'secret1');
      const settled = expect(failure).rejects.toBeInstanceOf(AccountDocumentsError);
      await jest.advanceTimersByTimeAsync(ACCOUNT_DOCUMENTS_TIMEOUT_MS);
      await settled;
      expect(mockedSignOut).toHaveBeenCalledTimes(1);
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('signUpMember', () => {
  it('creates the account, stores the name on it and writes the documents', async () => {
    const cred = credential({ uid: 'n1', email: 'new@x.test' });
    createUser.mockResolvedValue(cred);
    createDocuments.mockResolvedValue(undefined);

    await expect(signUpMember('Newbie', 'new@x.test', 'secret1')).resolves.toBe('n1');

    expect(createUser).toHaveBeenCalledWith({ name: 'fake-auth' }, 'new@x.test', 'secret1');
    expect(createDocuments).toHaveBeenCalledWith('n1', 'Newbie');
    expect(setProfile).toHaveBeenCalledWith(cred.user, { displayName: 'Newbie' });
  });

  it('creates nothing when another member holds the name', async () => {
    nameTaken.mockResolvedValue(true);

    await expect(signUpMember('ANN', 'ann2@x.test', 'secret1')).rejects.toBeInstanceOf(
      UserNameTakenError,
    );
    expect(nameTaken).toHaveBeenCalledWith('ANN');
    expect(createUser).not.toHaveBeenCalled();
    expect(createDocuments).not.toHaveBeenCalled();
  });

  it('passes an account-creation error through and writes nothing', async () => {
    const error = firebaseError('auth/email-already-in-use');
    createUser.mockRejectedValue(error);

    await expect(signUpMember('Newbie', 'taken@x.test', 'secret1')).rejects.toBe(error);
    expect(createDocuments).not.toHaveBeenCalled();
  });

  it('reports a failed batch with what a retry needs, and keeps the member signed in', async () => {
    createUser.mockResolvedValue(credential({ uid: 'n2' }));
    createDocuments.mockRejectedValue(new Error('unavailable'));

    await expect(signUpMember('Dee', 'dee@x.test', 'secret1')).rejects.toMatchObject({
      name: 'AccountDocumentsError',
      uid: 'n2',
      userName: 'Dee',
    });
    expect(mockedSignOut).not.toHaveBeenCalled();
  });

  it('does not fail the sign-up when only the display name could not be stored', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    createUser.mockResolvedValue(credential({ uid: 'n3' }));
    setProfile.mockRejectedValue(new Error('offline'));
    createDocuments.mockResolvedValue(undefined);

    await expect(signUpMember('Eve', 'eve@x.test', 'secret1')).resolves.toBe('n3');
    await Promise.resolve();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});

describe('completeSignUp', () => {
  it('creates only what is missing, through ensureAccountDocuments', async () => {
    ensureDocuments.mockResolvedValue(['usersData']);
    await expect(completeSignUp('n2', 'Dee')).resolves.toBeUndefined();
    expect(ensureDocuments).toHaveBeenCalledWith('n2', 'Dee');
    expect(createDocuments).not.toHaveBeenCalled();
  });

  it('reports another failure the same way', async () => {
    ensureDocuments.mockRejectedValue(new Error('unavailable'));
    await expect(completeSignUp('n2', 'Dee')).rejects.toBeInstanceOf(AccountDocumentsError);
  });
});
