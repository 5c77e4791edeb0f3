import type * as SharedFirebaseModule from 'shared-firebase';
/**
 * What a test gets for `shared-firebase`: the real constants and messages (`shared-firebase/session`: no Firestore code), and jest fakes for every data call and hook
 * the member list uses (the data layer's boundary). Use it as
 *   jest.mock('shared-firebase', () => jest.requireActual('../testing/sharedFirebaseFake').fake());
 */
type SharedFirebase = typeof SharedFirebaseModule;

export function fake() {
  return {
    ...jest.requireActual('shared-firebase/session'),
    // The real choice of stored image size: pure, no data access.
    profilePictureSources: (jest.requireActual('shared-firebase') as SharedFirebase)
      .profilePictureSources,
    useMembers: jest.fn(),
    useMemberSearch: jest.fn(),
  };
}
