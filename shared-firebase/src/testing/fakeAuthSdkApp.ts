/**
 * `./app` for a test that fakes `firebase/auth` at the module boundary: `loadFirebaseSdk` hands
 * over that mocked module as the SDK, with a stand-in Auth handle. Use it as
 *   jest.mock('./app', () => jest.requireActual('./testing/fakeAuthSdkApp').fakeAuthSdkApp());
 */
export function fakeAuthSdkApp() {
  const sdk: unknown = jest.requireMock('firebase/auth');
  return {
    loadFirebaseSdk: () => Promise.resolve({ handles: { auth: { name: 'fake-auth' } }, sdk }),
  };
}
