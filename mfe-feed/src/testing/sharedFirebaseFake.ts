import { sharedFirebaseFake } from 'shared-firebase/testing/sharedFirebaseFake';

/**
 * `shared-firebase` as the feed's component tests see it: the real package with the reads its
 * components make through the contract and the session as jest fakes. Use it as
 * `jest.mock('shared-firebase', () => jest.requireActual('../testing/sharedFirebaseFake').fake())`.
 */
export function fake() {
  return sharedFirebaseFake(['useSignedInUid', 'useMember', 'submitReport']);
}
