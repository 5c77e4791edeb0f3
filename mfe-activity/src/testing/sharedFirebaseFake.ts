/**
 * What a test gets for `shared-firebase`: the real constants and session entry
 * (`shared-firebase/session`: no Firestore code), and jest fakes for every data call and hook the
 * activity page uses (the data layer's boundary). Use it as
 *   jest.mock('shared-firebase', () => jest.requireActual('../testing/sharedFirebaseFake').fake());
 */
export function fake() {
  return {
    ...jest.requireActual('shared-firebase/session'),
    useSignedInUid: jest.fn(),
    useActivity: jest.fn(),
    useMember: jest.fn(),
    markActivityRead: jest.fn(),
    // Pure (which picture sizes an <img> loads): the real one.
    profilePictureSources: jest.requireActual('shared-firebase').profilePictureSources,
  };
}
