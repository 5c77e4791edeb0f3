import type * as SharedFirebase from '../index';

/**
 * A module faked at its boundary, for a `jest.mock` factory: the real module `real` with each name
 * in `fakes` (its calls to the backend, its data hooks) a bare `jest.fn()` the test programs, and
 * everything else (pure checks, constants, messages) real. A remote fakes its own data module this
 * way (`jest.mock('../data', () => …fakeCalls(jest.requireActual('../data'), [...]))`).
 */
export function fakeCalls<Module extends object>(
  real: Module,
  fakes: ReadonlyArray<keyof Module & string>,
): Record<string, unknown> {
  return { ...real, ...Object.fromEntries(fakes.map((name) => [name, jest.fn()])) };
}

/**
 * `shared-firebase` as a remote's unit tests see it, for `jest.mock('shared-firebase', …)`: the real
 * package with each name in `fakes` faked — the reads a remote's components make through the
 * contract and the session (`useMember`, `useSignedInUid`, …). A remote's own data calls are faked
 * in its own data module instead.
 */
export function sharedFirebaseFake(
  fakes: ReadonlyArray<keyof typeof SharedFirebase & string>,
): Record<string, unknown> {
  return fakeCalls(jest.requireActual<typeof SharedFirebase>('shared-firebase'), fakes);
}
