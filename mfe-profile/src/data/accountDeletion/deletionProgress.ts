import { ACCOUNT_DELETION_STEPS } from 'shared-firebase';
import type { AccountDeletionMark } from 'shared-firebase';

/** Where the server's deletion job is, as the page shows it. */
export interface DeletionProgress {
  /** What runs now (the first step until the job's first slice reports). */
  label: string;
  /** Steps finished, of `total`. */
  done: number;
  total: number;
  finished: boolean;
}

/** The progress a request document shows. */
export function deletionProgressOf(request: AccountDeletionMark): DeletionProgress {
  const total = ACCOUNT_DELETION_STEPS.length;
  const done = Math.min(total, request.stepsDone?.length ?? 0);
  const finished = request.status === 'done';
  return {
    label: finished ? 'Finished' : (ACCOUNT_DELETION_STEPS[done]?.label ?? 'Finishing'),
    done: finished ? total : done,
    total,
    finished,
  };
}
