// The account deletion job: resumable slices over the steps, with its progress in the member's
// request document `accountDeletions/{uid}` (docs/DATA_MODEL.md "Deleting an account").
import { FieldValue } from 'firebase-admin/firestore';
import type { DocumentData } from 'firebase-admin/firestore';
import { ACCOUNT_DELETION_STEPS, COLLECTIONS } from 'shared-firebase/server';
import type { AccountDeletionStepId } from 'shared-firebase/server';
import type { DeletionContext } from './context';
import { STEP_RUNNERS } from './steps';

/**
 * How long one slice starts new pages: short, so that one invocation never holds the Functions
 * emulator's delivery queue (ours sends one event at a time) or a production instance for long,
 * and a crash loses at most this much progress bookkeeping (never data: every page is idempotent).
 */
export const SLICE_BUDGET_MS = 3000;

/** The job's progress as the request document holds it (fields the server writes). */
export interface DeletionProgress {
  status: 'running' | 'done';
  /** The step the next slice starts with (absent once done). */
  step: AccountDeletionStepId | null;
  stepsDone: AccountDeletionStepId[];
  counts: Partial<Record<AccountDeletionStepId, number>>;
  /** Slices finished. Each slice's commit raises it by one, which starts the next slice. */
  round: number;
}

/** What a slice did with its event. */
export type SliceOutcome = 'advanced' | 'finished' | 'stale';

export function deletionRequestRef(context: DeletionContext, uid: string) {
  return context.db.collection(COLLECTIONS.accountDeletions).doc(uid);
}

/**
 * The first step in the list not yet done, or null. Chosen by name, not by how many are done, so a
 * job that was already running when a release added a step still runs the added one.
 */
function stepAfter(stepsDone: readonly AccountDeletionStepId[]): AccountDeletionStepId | null {
  return ACCOUNT_DELETION_STEPS.find((step) => !stepsDone.includes(step.id))?.id ?? null;
}

/** The progress stored in a request document (a new request has none yet). */
export function progressOf(data: DocumentData | undefined): DeletionProgress {
  const known = new Set<string>(ACCOUNT_DELETION_STEPS.map((step) => step.id));
  const stepsDone = Array.isArray(data?.['stepsDone'])
    ? (data['stepsDone'] as unknown[]).filter((id): id is AccountDeletionStepId =>
        known.has(id as string),
      )
    : [];
  return {
    status: data?.['status'] === 'done' ? 'done' : 'running',
    step: stepAfter(stepsDone),
    stepsDone,
    counts: { ...((data?.['counts'] as DeletionProgress['counts'] | undefined) ?? {}) },
    round: typeof data?.['round'] === 'number' ? data['round'] : 0,
  };
}

/**
 * Runs one slice of the job for the request as of `round` (the round the triggering event saw).
 * Pages of the current step run until the step is finished, then the next step's, until
 * `budgetMs` has passed; then the progress is committed with `round + 1` in a transaction that
 * checks the round is still `round`. So a redelivered or stale event (its round already advanced)
 * does nothing, two deliveries of one event at once commit once, and an invocation that dies
 * leaves the round where it was for the redelivery to run again.
 */
export async function runSlice(
  context: DeletionContext,
  uid: string,
  round: number,
  budgetMs = SLICE_BUDGET_MS,
): Promise<SliceOutcome> {
  const requestRef = deletionRequestRef(context, uid);
  const request = await requestRef.get();
  const progress = progressOf(request.data());
  if (!request.exists || progress.status === 'done' || progress.round !== round) return 'stale';

  // At least one page, however late this started: a slice that ran none would still advance the
  // round, and under a stalled event loop every slice could do so.
  const started = Date.now();
  while (progress.step !== null) {
    const step = progress.step;
    const page = await STEP_RUNNERS[step](context, uid);
    progress.counts[step] = (progress.counts[step] ?? 0) + page.removed;
    if (page.finished) {
      progress.stepsDone.push(step);
      progress.step = stepAfter(progress.stepsDone);
    }
    if (Date.now() - started >= budgetMs) break;
  }
  if (progress.step === null) progress.status = 'done';

  return context.db.runTransaction(async (transaction) => {
    const current = await transaction.get(requestRef);
    if (!current.exists || progressOf(current.data()).round !== round) return 'stale';
    transaction.update(requestRef, {
      status: progress.status,
      step: progress.step,
      stepsDone: progress.stepsDone,
      counts: progress.counts,
      round: round + 1,
      updatedAt: FieldValue.serverTimestamp(),
    });
    return progress.status === 'done' ? 'finished' : 'advanced';
  });
}

/**
 * What the job does on one write of a request document: nothing once it is deleted; a finished
 * request is deleted (the member's page saw `done` meanwhile, or sees the document go); anything
 * else runs the next slice for the round the write carries.
 */
export async function onRequestWritten(
  context: DeletionContext,
  uid: string,
  after: DocumentData | undefined,
  budgetMs = SLICE_BUDGET_MS,
): Promise<SliceOutcome | 'removed' | 'gone'> {
  if (!after) return 'gone';
  const progress = progressOf(after);
  if (progress.status === 'done') {
    await deletionRequestRef(context, uid).delete();
    return 'removed';
  }
  return runSlice(context, uid, progress.round, budgetMs);
}
