import { sharedFirebaseFake } from 'shared-firebase/testing/sharedFirebaseFake';

/**
 * `shared-firebase` as explore's component tests see it: the real package with the member read of
 * its tiles a jest fake. Use it as
 * `jest.mock('shared-firebase', () => jest.requireActual('../testing/sharedFirebaseFake').fake())`.
 */
export function fake() {
  return sharedFirebaseFake(['useMember']);
}
