import { MAX_OPEN_TRANSACTIONS, Transactions } from '../../src/firestore/server/transactions';
import type { StoredDocument } from '../../src/firestore/engine';

// The bookkeeping of server SDK transactions (src/firestore/server/transactions.ts); what they
// guarantee against real writes is test/functions/admin-transactions.test.ts, on both backends.

const DB = 'projects/p/databases/(default)';
const doc = (name: string, updateTime: string): StoredDocument => ({
  name: `${DB}/documents/${name}`,
  fields: {},
  createTime: '2026-01-01T00:00:00.000000Z',
  updateTime,
});

test('a commit is aborted when a document read has changed, been created or been deleted', () => {
  const transactions = new Transactions();
  const a = doc('c/a', '2026-01-01T00:00:01.000000Z');
  const cases: Array<[StoredDocument | null, StoredDocument | null]> = [
    [a, { ...a, updateTime: '2026-01-01T00:00:02.000000Z' }],
    [null, a],
    [a, null],
  ];
  for (const [read, now] of cases) {
    const id = transactions.begin(DB, {});
    transactions.readDocuments(id, DB, [{ name: a.name, doc: read }]);
    expect(() => transactions.commit(id, DB, 1, () => now)).toThrow(/aborted/);
  }
  const unchanged = transactions.begin(DB, {});
  transactions.readDocuments(unchanged, DB, [{ name: a.name, doc: a }]);
  expect(() => transactions.commit(unchanged, DB, 1, () => a)).not.toThrow();
  expect(transactions.size).toBe(0);
});

test('a transaction commits once, in its own database, and a read-only one writes nothing', () => {
  const transactions = new Transactions();
  const id = transactions.begin(DB, {});
  expect(() => transactions.commit(id, 'projects/q/databases/(default)', 0, () => null)).toThrow(
    /not open/,
  );
  transactions.commit(id, DB, 0, () => null);
  expect(() => transactions.commit(id, DB, 0, () => null)).toThrow(/not open/);
  const readOnly = transactions.begin(DB, { readOnly: {} });
  expect(() => transactions.commit(readOnly, DB, 1, () => null)).toThrow(/read-only/);
});

test('unfinished transactions expire, and at most a bounded number stay open', () => {
  let now = 0;
  const transactions = new Transactions(() => now);
  const first = transactions.begin(DB, {});
  for (let n = 1; n < MAX_OPEN_TRANSACTIONS + 5; n += 1) transactions.begin(DB, {});
  expect(transactions.size).toBe(MAX_OPEN_TRANSACTIONS);
  expect(() => transactions.commit(first, DB, 0, () => null)).toThrow(/not open/);
  now = 6 * 60_000;
  transactions.begin(DB, {});
  expect(transactions.size).toBe(1);
});
