import { migrateCards, type CardMigration, type CardMigrationParts } from './migrateCards';

/** Parts over ids `s0`…`s{count-1}`, recording every step in order. */
function partsOver(count: number, stored?: CardMigration) {
  const steps: string[] = [];
  const ids = Array.from({ length: count }, (_, n) => `s${n}`);
  const parts: CardMigrationParts = {
    sourceIds: (cursor, size) => {
      const from = cursor === null ? 0 : ids.indexOf(cursor) + 1;
      return Promise.resolve(ids.slice(from, from + size));
    },
    sync: (id) => {
      steps.push(`copy ${id}`);
      return Promise.resolve('written');
    },
    readProgress: () => Promise.resolve(stored),
    writeProgress: (progress) => {
      steps.push(`progress ${progress.cursor ?? '-'} ${progress.done ? 'done' : 'running'}`);
      return Promise.resolve();
    },
  };
  return { parts, steps };
}

describe('migrateCards', () => {
  it('says it is running before its first copy, then where each page got to', async () => {
    const { parts, steps } = partsOver(3);
    const final = await migrateCards(parts, undefined, 2);
    expect(steps).toEqual([
      'progress - running',
      'copy s0',
      'copy s1',
      'progress s1 running',
      'copy s2',
      'progress s2 done',
    ]);
    expect(final).toEqual({ cursor: 's2', done: true, read: 3, written: 3 });
  });

  it('resumes a stopped run where it was, without saying so again first', async () => {
    const { parts, steps } = partsOver(3, { cursor: 's1', done: false, read: 2, written: 2 });
    await migrateCards(parts, undefined, 2);
    expect(steps).toEqual(['copy s2', 'progress s2 done']);
  });

  it('starts a finished one over, saying it is running again', async () => {
    const { parts, steps } = partsOver(1, { cursor: 's0', done: true, read: 1, written: 1 });
    await migrateCards(parts, undefined, 2);
    expect(steps).toEqual(['progress - running', 'copy s0', 'progress s0 done']);
  });
});
