import { sharedFirebaseFake } from 'shared-firebase/testing/sharedFirebaseFake';

/**
 * What a test gets for `shared-firebase`: the real session entry and presentation helpers, and jest
 * fakes for every data call and hook the member list uses (the data layer's boundary). Use it as
 *   jest.mock('shared-firebase', () => jest.requireActual('../testing/sharedFirebaseFake').fake());
 */
export function fake() {
  return sharedFirebaseFake(['useMembers', 'useMemberSearch']);
}
