import type * as SharedFirebase from 'shared-firebase';
import { sharedFirebaseFake } from 'shared-firebase/testing/sharedFirebaseFake';

/**
 * `shared-firebase` as the profile's component tests see it: the real package with the reads its
 * screens make through the contract and the session as jest fakes (and `more`). Use it as
 * `jest.mock('shared-firebase', () => jest.requireActual('../testing/sharedFirebaseFake').fake())`.
 * The member's own pages read `useOwnMember`: by default it answers
 * what the test programs `useMember` to answer.
 */
export function fake(more: ReadonlyArray<keyof typeof SharedFirebase & string> = []) {
  const fakes = sharedFirebaseFake(['useSignedInUid', 'useMember', 'submitReport', ...more]);
  const useMember = fakes['useMember'] as typeof SharedFirebase.useMember;
  return { ...fakes, useOwnMember: jest.fn((uid: string | null) => useMember(uid)) };
}
