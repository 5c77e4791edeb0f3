import { fakeCalls } from 'shared-firebase/testing/sharedFirebaseFake';
import type * as Data from '../data';

/**
 * The profile's data module as its component tests see it: every call to the backend and every
 * data hook a jest fake the test programs, its pure parts (the edit shapes, the date checks) real.
 * Use it as `jest.mock('../data', () => jest.requireActual('../testing/dataFake').fakeData())`.
 */
export function fakeData() {
  return {
    ...fakeCalls(jest.requireActual<typeof Data>('../data'), [
      'useFollowStatus',
      'useFollowerUids',
      'useFollowingUids',
      'setFollowing',
      'saveProfileUpdate',
      'changeUserName',
      'changeProfileImage',
      'requestAccountDeletion',
      'leaveDeletedAccount',
    ]),
    // Most screens are not in a deletion: tests that are set their own mark.
    useAccountDeletionMark: jest.fn(() => ({ status: 'missing' })),
    // Most members' names are fine: tests of the prompt set their own need.
    useNameChangeNeed: jest.fn(() => 'none'),
  };
}
