import { sharedFirebaseFake } from 'shared-firebase/testing/sharedFirebaseFake';

/**
 * `shared-firebase` as the activity remote's component tests see it: the real package with the
 * reads its page makes through the contract and the session as jest fakes. Use it as
 * `jest.mock('shared-firebase', () => jest.requireActual('../testing/sharedFirebaseFake').fake())`.
 */
export function fake() {
  return sharedFirebaseFake(['useSignedInUid', 'useMember', 'useHiddenMembers']);
}
