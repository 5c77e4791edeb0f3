// The seed's commits under contention (tools/scripts/lib/seed/commit.mjs): an ABORTED commit is rebuilt
// and committed again, anything else fails at once, and a commit aborted every time fails in the end.
import type { Firestore } from 'firebase/firestore/lite';
import { COMMIT_ATTEMPTS, commitWithRetry } from '../../scripts/lib/seed/commit.mjs';

const db = {} as Firestore;
const aborted = Object.assign(new Error('Transaction lock timeout.'), { code: 'aborted' });
const denied = Object.assign(new Error('Missing or insufficient permissions.'), {
  code: 'permission-denied',
});

/** Batches whose commits give the listed outcomes in turn (an error rejects). */
function batches(outcomes: (Error | 'ok')[]) {
  const made: { writes: string[] }[] = [];
  const newBatch = () => {
    const outcome = outcomes[made.length];
    const batch = {
      writes: [] as string[],
      commit: () => (outcome === 'ok' ? Promise.resolve() : Promise.reject(outcome)),
    };
    made.push(batch);
    return batch;
  };
  return { made, newBatch };
}

const fill = (batch: { writes: string[] }) => {
  batch.writes.push('like');
  return 1;
};

test('an aborted commit is built again in a fresh batch and committed', async () => {
  const { made, newBatch } = batches([aborted, aborted, 'ok']);
  await expect(commitWithRetry(db, fill, { firstDelayMs: 1, newBatch })).resolves.toBe(1);
  expect(made.map((batch) => batch.writes)).toEqual([['like'], ['like'], ['like']]);
});

test('any other error fails at once', async () => {
  const { made, newBatch } = batches([denied, 'ok']);
  await expect(commitWithRetry(db, fill, { firstDelayMs: 1, newBatch })).rejects.toBe(denied);
  expect(made).toHaveLength(1);
});

test(`a commit aborted ${COMMIT_ATTEMPTS} times fails with the last error`, async () => {
  const { made, newBatch } = batches(Array(COMMIT_ATTEMPTS + 1).fill(aborted));
  await expect(commitWithRetry(db, fill, { firstDelayMs: 1, newBatch })).rejects.toBe(aborted);
  expect(made).toHaveLength(COMMIT_ATTEMPTS);
});
