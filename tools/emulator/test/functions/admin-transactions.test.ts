import type { Firestore } from 'firebase-admin/firestore';
import { adminFirestoreForSuite } from './backend';

// Server code (functions, commands) runs Admin SDK transactions, which must serialize against
// every other write as they do in production and on Google's emulator: a transaction whose reads
// changed before it commits is aborted and run again by the SDK, never committed over the change.
// The same assertions run on this emulator and, under jest.google.config.cjs, on Google's.

jest.setTimeout(60_000);

const PROJECT = 'demo-admin-transactions';
const adminFirestore = adminFirestoreForSuite(PROJECT, 'transactions-test');
let db: Firestore;
beforeAll(() => {
  db = adminFirestore();
});

const TRANSACTIONS_AT_ONCE = 4;
// Every one of them may have to run again after each other one's commit.
const ATTEMPTS = TRANSACTIONS_AT_ONCE + 6;

test('transactions incrementing one document at once lose no increment', async () => {
  const counter = db.doc('counters/c');
  await counter.set({ n: 0 });
  await Promise.all(
    Array.from({ length: TRANSACTIONS_AT_ONCE }, () =>
      db.runTransaction(
        async (transaction) => {
          const read = await transaction.get(counter);
          transaction.set(counter, { n: (read.get('n') as number) + 1 });
        },
        { maxAttempts: ATTEMPTS },
      ),
    ),
  );
  expect((await counter.get()).get('n')).toBe(TRANSACTIONS_AT_ONCE);
});

test('transactions that add to a query’s results below a bound keep the bound', async () => {
  const BOUND = 2;
  const seats = db.collection('seats');
  await Promise.all(
    Array.from({ length: TRANSACTIONS_AT_ONCE }, (_, n) =>
      db.runTransaction(
        async (transaction) => {
          const taken = await transaction.get(seats.where('show', '==', 'a'));
          if (taken.size < BOUND) transaction.set(seats.doc(`s${n}`), { show: 'a' });
        },
        { maxAttempts: ATTEMPTS },
      ),
    ),
  );
  expect((await seats.where('show', '==', 'a').get()).size).toBe(BOUND);
});

test('a transaction reading a missing document does not create it over another write', async () => {
  const claim = db.doc('claims/name');
  const winners = await Promise.all(
    ['ann', 'bob', 'cy'].map((uid) =>
      db.runTransaction(
        async (transaction) => {
          const read = await transaction.get(claim);
          if (read.exists) return read.get('uid') as string;
          transaction.create(claim, { uid });
          return uid;
        },
        { maxAttempts: ATTEMPTS },
      ),
    ),
  );
  const holder = (await claim.get()).get('uid') as string;
  expect(winners).toEqual([holder, holder, holder]);
});
