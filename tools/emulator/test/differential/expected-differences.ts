import type { Op, Outcome } from './model';

/**
 * THE list of known differences between this emulator and Google's Cloud Firestore emulator that
 * the differential test accepts. Each entry says which side is right. Remove an entry once the
 * emulator is fixed: the test then enforces the behaviour. Keep tools/emulator/README.md ("Differences
 * found by the differential test") in step with this list.
 */
export interface ExpectedDifference {
  id: string;
  /**
   * `ours-wrong`: this emulator must be changed to behave as Google's does.
   * `google-differs-from-production`: Google's emulator is known to differ from production
   * Firestore; `reason` says which behaviour ours follows, why, and cites the docs.
   */
  verdict: 'ours-wrong' | 'google-differs-from-production';
  reason: string;
  /** Minimal operations (model.ts) that show it, as the test's reproduction prints them. */
  repro: Op[];
  /** True when this difference explains the two outcomes of `op`. */
  matches(op: Op, ours: Outcome, google: Outcome): boolean;
  /**
   * Both databases still hold the same data after a write this entry explains (so the
   * comparison goes on); otherwise the rest of the episode is not compared.
   */
  dataStaysEqual?: true;
}

const json = (value: unknown) => JSON.stringify(value);

/** Each write's result of a committed commit (commits-run.ts), or null. */
const writeResults = (outcome: Outcome) =>
  'ok' in outcome && Array.isArray(outcome.ok)
    ? (outcome.ok as Array<{ time: string; transforms?: unknown }>)
    : null;

export const EXPECTED_DIFFERENCES: ExpectedDifference[] = [
  {
    id: 'map-made-by-a-nested-transform-differs-from-itself',
    verdict: 'google-differs-from-production',
    reason:
      'In Google’s emulator a map that a transform created (an increment of m.x on a document ' +
      'without m) never equals the same map written again: writing m = {x: 1} over it changes the ' +
      'update time, where a map written directly, or made through an update mask (m.x), keeps it, ' +
      'as a write that changes nothing must (https://firebase.google.com/docs/firestore/reference/rest/v1/WriteResult: ' +
      '"If the write did not actually change the document, this will be the previous update_time"). ' +
      'This emulator keeps the update time; the data are the same on both.',
    repro: [
      { op: 'commit', as: 'admin', writes: [{ set: 'd0', data: { s: '' } }] },
      {
        op: 'commit',
        as: 'admin',
        writes: [{ transform: 'd0', transforms: [{ field: 'm.x', increment: 1 }] }],
      },
      { op: 'commit', as: 'admin', writes: [{ update: 'd0', data: { m: { x: 1 } }, mask: ['m'] }] },
    ],
    matches(op, ours, google) {
      const [o, g] = [writeResults(ours), writeResults(google)];
      return (
        op.op === 'commit' &&
        o !== null &&
        g !== null &&
        o.length === g.length &&
        o.some((r) => r.time === 'earlier') &&
        o.every(
          (r, i) =>
            json(r.transforms) === json(g[i]!.transforms) &&
            (r.time === g[i]!.time || (r.time === 'earlier' && g[i]!.time === 'commit')),
        )
      );
    },
    dataStaysEqual: true,
  },
  {
    id: 'rules-math-isinfinite-missing',
    verdict: 'google-differs-from-production',
    reason:
      'Google’s rules engine has no `math.isInfinite` ("Function not found error: Name: ' +
      '[math.isInfinite]."), so a rule calling it never allows. It is documented for production ' +
      '(https://firebase.google.com/docs/reference/rules/rules.math: "isInfinite(num) returns ' +
      'rules.Boolean"), so this engine keeps it.',
    repro: [{ op: 'rules', expr: '!math.isInfinite(2.5)', data: {} }],
    matches: (op, ours, google) =>
      op.op === 'rules' &&
      op.expr.includes('math.isInfinite(') &&
      json(ours) === '{"ok":"written"}' &&
      'error' in google &&
      google.error === 'permission-denied',
  },
  {
    id: 'rules-math-ceil-floor-type',
    verdict: 'google-differs-from-production',
    reason:
      'Google’s rules engine gives floats from `math.ceil` and `math.floor` (`math.floor(2.5) is ' +
      'int` is false there, and `math.ceil(1.0e19)` stays 1.0e19); production documents ints ' +
      '(https://firebase.google.com/docs/reference/rules/rules.math: "ceil(num) returns ' +
      'rules.Integer"), so this engine gives ints (beyond the int64 range the nearest limit, as ' +
      '`int()` of a float; production’s choice there is not documented). Compared with `==` both ' +
      'agree within 2^53.',
    repro: [{ op: 'rules', expr: 'math.floor(2.5) is int', data: {} }],
    matches: (op, ours, google) =>
      op.op === 'rules' &&
      /math\.(ceil|floor)\(/.test(op.expr) &&
      json(ours) !== json(google) &&
      !json(ours).includes('compiled') &&
      !json(google).includes('compiled'),
  },
  {
    id: 'listener-never-settles-with-nan-in-a-range-window',
    verdict: 'google-differs-from-production',
    reason:
      'A listener on a range filter (`b < -1`, ordered by b) over a collection where a document ' +
      'holds NaN in b: in Google’s emulator the listener never reaches what the server answers ' +
      'for the query (it stays pending until the operation times out); here it settles. A ' +
      'listener that never converges to the query’s server result is not production behaviour ' +
      '(listeners deliver the current results of the query: ' +
      'https://firebase.google.com/docs/firestore/query-data/listen), so this emulator keeps ' +
      'converging. Which documents production returns for a range filter over NaN was not ' +
      'checked. Since the fixes the differential test led to, this emulator’s server also leaves ' +
      'NaN out of number ranges (as Google’s answers them), while the SDK matches NaN locally ' +
      '(it sorts below every number): the listener stays pending here too (a DIFF_REPLAY of this reproduction ' +
      'timed out on both), so the entry no longer matches; it stays while it is decided whether ' +
      'this emulator should converge anyway.',
    repro: [
      { op: 'set', path: 'c/d5', data: { b: { k: 'num', v: 'NaN' } } },
      {
        op: 'listen',
        q: {
          from: 'c',
          orderBy: [['b', 'asc']],
          where: { field: 'b', cmp: '<', value: { k: 'num', v: -1 } },
        },
        writes: [{ op: 'update', path: 'c/d2', pairs: [[{ dotted: 'b' }, { k: 'num', v: 0 }]] }],
      },
    ],
    matches: (op, ours, google) =>
      op.op === 'listen' &&
      (json(op) + json(ours)).includes('"NaN"') &&
      json(google).includes('"timeout') &&
      !json(ours).includes('"timeout'),
  },
];
