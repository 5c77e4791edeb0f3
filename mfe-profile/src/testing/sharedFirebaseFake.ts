import { sharedFirebaseFake } from 'shared-firebase/testing/sharedFirebaseFake';

/**
 * What a test gets for `shared-firebase`: the real package (its constants, messages and checks),
 * with jest fakes for every data call and hook the profile uses (the data layer's boundary). Use it
 * as
 *   jest.mock('shared-firebase', () => jest.requireActual('../testing/sharedFirebaseFake').fake());
 */
export function fake() {
  return {
    ...sharedFirebaseFake(
      [
        'useSignedInUid',
        'useMember',
        'useFollowStatus',
        'useFollowerUids',
        'useFollowingUids',
        'setFollowing',
        'saveProfileUpdate',
        'changeProfileImage',
        'deleteAccount',
      ],
      { realPackage: true },
    ),
    // Most screens are not in a deletion: tests that are set their own mark.
    useAccountDeletionMark: jest.fn(() => ({ status: 'missing' })),
  };
}
