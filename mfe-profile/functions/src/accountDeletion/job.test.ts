import { ACCOUNT_DELETION_STEPS } from 'shared-firebase/server';
import { progressOf } from './job';

const ids = ACCOUNT_DELETION_STEPS.map((step) => step.id);

describe('progressOf', () => {
  it('starts a new request at the first step', () => {
    expect(progressOf(undefined)).toMatchObject({ status: 'running', step: ids[0], round: 0 });
  });

  it('goes on with the first step not done, even when a later one is', () => {
    // A job that was running when a release inserted a step in the middle of the list.
    const skipped = ids[2]!;
    const done = ids.filter((id) => id !== skipped);
    expect(progressOf({ stepsDone: done, round: 7 })).toMatchObject({
      step: skipped,
      stepsDone: done,
      round: 7,
    });
  });

  it('has no next step once every step is done, and ignores ids it does not know', () => {
    expect(progressOf({ stepsDone: [...ids, 'retired-step'] }).step).toBeNull();
    expect(progressOf({ stepsDone: ['retired-step'] }).step).toBe(ids[0]);
  });
});
