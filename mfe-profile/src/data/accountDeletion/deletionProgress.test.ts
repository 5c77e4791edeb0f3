import { ACCOUNT_DELETION_STEPS } from 'shared-firebase';
import { deletionProgressOf } from './deletionProgress';

const total = ACCOUNT_DELETION_STEPS.length;

test('a new request shows the first step, none done', () => {
  expect(deletionProgressOf({ startedAt: null })).toEqual({
    label: ACCOUNT_DELETION_STEPS[0].label,
    done: 0,
    total,
    finished: false,
  });
});

test('the step after the last one done is the one running', () => {
  const progress = deletionProgressOf({
    startedAt: null,
    status: 'running',
    stepsDone: ['pictures', 'following'],
  });
  expect(progress).toMatchObject({ label: ACCOUNT_DELETION_STEPS[2].label, done: 2 });
});

test('a finished job is all steps done', () => {
  expect(deletionProgressOf({ startedAt: null, status: 'done', stepsDone: [] })).toEqual({
    label: 'Finished',
    done: total,
    total,
    finished: true,
  });
});
