import { fakeCalls } from 'shared-firebase/testing/sharedFirebaseFake';
import type * as Data from '../data';

/**
 * The remote's data module as its component tests see it: every data hook and call a jest fake the
 * test programs, its constants real. Use it as
 * `jest.mock('../data', () => jest.requireActual('../testing/dataFake').fakeData())`.
 */
export function fakeData() {
  return fakeCalls(jest.requireActual<typeof Data>('../data'), [
    'useCases',
    'useCaseLog',
    'actOnCase',
    'useMyReports',
  ]);
}
