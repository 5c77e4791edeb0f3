import type * as SharedFirebase from '../index';
import { memberShown } from '../memberShown';
import { postPhotoBox, postTileSources, profilePictureSources } from '../media/sources';
import type * as SharedFirebaseSession from '../session-entry';

/** How a member or a picture is shown: pure, no data access, so real in every fake. */
const PRESENTATION = { memberShown, postPhotoBox, postTileSources, profilePictureSources };

function withJestFns(real: object, fakes: readonly string[]): Record<string, unknown> {
  return { ...real, ...Object.fromEntries(fakes.map((name) => [name, jest.fn()])) };
}

/**
 * `shared-firebase` as a remote's unit tests see it, for `jest.mock('shared-firebase', …)`: the
 * real session entry (constants, messages; no Firestore code) and presentation helpers, with each
 * name in `fakes` (the data calls and hooks the remote uses: the data layer's boundary) a bare
 * `jest.fn()` the test programs. `realPackage` keeps the rest of the package real as well (its pure
 * checks, such as `newPostProblem`), at the cost of loading its Firestore code.
 *
 * Each remote lists its boundary once, in its own `src/testing/sharedFirebaseFake.ts`.
 */
export function sharedFirebaseFake(
  fakes: ReadonlyArray<keyof typeof SharedFirebase>,
  { realPackage = false }: { realPackage?: boolean } = {},
): Record<string, unknown> {
  const real = realPackage
    ? jest.requireActual<object>('shared-firebase')
    : { ...jest.requireActual<object>('shared-firebase/session'), ...PRESENTATION };
  return withJestFns(real, fakes);
}

/** `shared-firebase/session` the same way, for `jest.mock('shared-firebase/session', …)`. */
export function sharedFirebaseSessionFake(
  fakes: ReadonlyArray<keyof typeof SharedFirebaseSession>,
): Record<string, unknown> {
  return withJestFns(jest.requireActual<object>('shared-firebase/session'), fakes);
}
