import type { User } from 'firebase/auth';
import { loadFirebaseSdk } from './firebaseApp';
import type { LoadedFirebase } from './firebaseApp';
import {
  getSession,
  resetSessionForTests,
  SESSION_STORAGE_KEY,
  signOut,
  startSession,
} from './session';

// Firebase is faked at the loader: what is under test is when the session loads it and what the
// state says meanwhile. e2e/tests/auth.spec.ts runs the same flows against the real emulators.
jest.mock('./firebaseApp', () => ({ loadFirebaseSdk: jest.fn() }));

const loadSdk = jest.mocked(loadFirebaseSdk);
let onToken: ((user: User | null) => void) | null;
const sdk = {
  onIdTokenChanged: jest.fn((_auth: unknown, next: (user: User | null) => void) => {
    onToken = next;
    return () => undefined;
  }),
  signOut: jest.fn(() => Promise.resolve()),
};
const member = {
  uid: 'u1',
  email: 'ann@x.test',
  refreshToken: 'refresh',
  getIdToken: () => Promise.resolve('id-token'),
  getIdTokenResult: () => Promise.resolve({ claims: {} }),
} as unknown as User;

function persistSession() {
  localStorage.setItem(
    SESSION_STORAGE_KEY,
    JSON.stringify({ loginState: true, uid: 'u1', token: 't', refToken: 'r' }),
  );
}

beforeEach(() => {
  resetSessionForTests();
  localStorage.clear();
  onToken = null;
  jest.clearAllMocks();
  loadSdk.mockResolvedValue({
    handles: { auth: { name: 'fake-auth' } },
    sdk,
  } as unknown as LoadedFirebase);
});

it('is signed out at once, without loading Firebase, when no session is persisted', async () => {
  await startSession();
  expect(getSession()).toEqual({ status: 'signedOut' });
  expect(loadSdk).not.toHaveBeenCalled();
});

it('loads Firebase for a persisted session and is loading until Firebase has restored it', async () => {
  persistSession();
  const started = startSession();
  expect(getSession()).toEqual({ status: 'loading' });
  await started;
  expect(loadSdk).toHaveBeenCalledTimes(1);
  onToken!(member);
  expect(getSession()).toEqual({ status: 'signedIn', user: { uid: 'u1', email: 'ann@x.test' } });
});

it('adds the moderator claim of the member’s token once it is read', async () => {
  persistSession();
  await startSession();
  const moderator = {
    ...member,
    getIdTokenResult: () => Promise.resolve({ claims: { moderator: true } }),
  } as unknown as User;
  onToken!(moderator);
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(getSession()).toEqual({
    status: 'signedIn',
    user: { uid: 'u1', email: 'ann@x.test', moderator: true },
  });
  onToken!(member);
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(getSession()).toMatchObject({ user: { moderator: false } });
});

it('is signed out, and forgets the persisted session, when Firebase no longer has the member', async () => {
  persistSession();
  await startSession();
  onToken!(null);
  expect(getSession()).toEqual({ status: 'signedOut' });
  expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
});

it('rejects when Firebase cannot be loaded for a persisted session', async () => {
  persistSession();
  loadSdk.mockRejectedValue(new Error('chunk failed'));
  await expect(startSession()).rejects.toThrow('chunk failed');
});

it('follows a sign-in in another tab, loading Firebase then', async () => {
  await startSession();
  expect(loadSdk).not.toHaveBeenCalled();
  persistSession();
  window.dispatchEvent(
    new StorageEvent('storage', { key: SESSION_STORAGE_KEY, newValue: 'signed in' }),
  );
  await Promise.resolve();
  await Promise.resolve();
  expect(loadSdk).toHaveBeenCalledTimes(1);
  onToken!(member);
  expect(getSession()).toMatchObject({ status: 'signedIn' });
});

it('signs out when another tab signs out', async () => {
  persistSession();
  await startSession();
  onToken!(member);
  window.dispatchEvent(new StorageEvent('storage', { key: SESSION_STORAGE_KEY, newValue: null }));
  await Promise.resolve();
  await Promise.resolve();
  expect(sdk.signOut).toHaveBeenCalledWith({ name: 'fake-auth' });
});

it('signOut clears the persisted session even when Firebase fails to sign out', async () => {
  persistSession();
  sdk.signOut.mockRejectedValueOnce(new Error('offline'));
  const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  await signOut();
  expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  expect(logged).toHaveBeenCalledWith('Sign out failed', expect.any(Error));
  logged.mockRestore();
});
