/**
 * What a test gets for `shared-firebase`: the real constants, messages and helpers, and jest fakes for every data call and hook
 * the profile uses (the data layer's boundary). Use it as
 *   jest.mock('shared-firebase', () => jest.requireActual('../testing/sharedFirebaseFake').fake());
 */
export function fake() {
  return {
    ...jest.requireActual('shared-firebase'),
    useSignedInUid: jest.fn(),
    useMember: jest.fn(),
    useFollowStatus: jest.fn(),
    useFollowerUids: jest.fn(),
    useFollowingUids: jest.fn(),
    setFollowing: jest.fn(),
    saveProfileUpdate: jest.fn(),
    changeProfileImage: jest.fn(),
    deleteAccount: jest.fn(),
    useAccountDeletionMark: jest.fn(() => ({ status: 'missing' })),
  };
}
