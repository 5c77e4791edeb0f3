import { CallerBudgets, LISTEN_DEFAULTS } from '../../src/firestore/server/listenBudget';

const limits = {
  ...LISTEN_DEFAULTS,
  maxTargetsPerCaller: 3,
  maxDocumentsPerCaller: 100,
  targetDocumentsPerSecond: 10,
};

function budgets() {
  let now = 0;
  const clock = { advance: (ms: number) => (now += ms) };
  return { budgets: new CallerBudgets(limits, () => now), clock };
}

test('an empty bucket refuses the next target, and refills with time', () => {
  const { budgets: b, clock } = budgets();
  b.checkNewTarget('mallory');
  b.charge('mallory', 99); // 100 tokens (ten seconds' worth) less 1 + 99
  expect(() => b.checkNewTarget('mallory')).toThrow(/at most 10 documents a second/);
  expect(() => b.checkNewTarget('alice')).not.toThrow();
  clock.advance(100);
  expect(() => b.checkNewTarget('mallory')).not.toThrow();
});

test('documents held are capped per caller and given back on release', () => {
  const { budgets: b, clock } = budgets();
  b.charge('mallory', 60);
  clock.advance(10_000);
  expect(() => b.charge('mallory', 41)).toThrow(/hold at most 100 documents/);
  b.release('mallory', 60);
  expect(() => b.charge('mallory', 41)).not.toThrow();
});

test('targets are capped per caller', () => {
  const { budgets: b } = budgets();
  for (let i = 0; i < 3; i++) b.charge('mallory', 0);
  expect(() => b.checkNewTarget('mallory')).toThrow(/at most 3 Listen targets/);
  b.release('mallory', 0);
  expect(() => b.checkNewTarget('mallory')).not.toThrow();
});

test('refused targets are charged too, so they cannot be sent for free', () => {
  const { budgets: b } = budgets();
  for (let i = 0; i < 100; i++) b.chargeRefused('mallory');
  expect(() => b.checkNewTarget('mallory')).toThrow(/documents a second/);
});
