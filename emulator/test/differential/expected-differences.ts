import type { Op, Outcome } from './model';

/**
 * THE list of known differences between this emulator and Google's Cloud Firestore emulator that
 * the differential test accepts. Each entry says which side is right. Remove an entry once the
 * emulator is fixed: the test then enforces the behaviour. Keep emulator/README.md ("Differences
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
const isError = (o: Outcome, code?: string): o is { error: string; message?: string } =>
  'error' in o && (code === undefined || o.error === code);
const messageOf = (o: Outcome) => ('error' in o ? (o.message ?? '') : '');

export const EXPECTED_DIFFERENCES: ExpectedDifference[] = [
  ...[
    {
      id: 'rules-path-literal-before-parenthesis',
      reason:
        'A path literal whose last segment is plain text, directly followed by `)`, e.g. ' +
        '`get(/databases/$(database)/documents/seed/d1).data.v == 3`: this engine refuses the ' +
        "rules (\"Unexpected ';'; expected ')'\"), the path lexer takes the `)` into the " +
        'segment; Google’s compiles them.',
      expr: 'get(/databases/$(database)/documents/seed/d1).data.v == 3',
      applies: (expr: string, ours: Outcome) =>
        /\/documents\/seed\/d\d\)/.test(expr) && json(ours) === '{"ok":{"compiled":false}}',
    },
    {
      id: 'rules-float-literal-with-exponent',
      reason:
        'Float literals with an exponent (`1e3`, `1.07e+301`): Google’s compiler refuses them; ' +
        'this engine accepts them.',
      expr: '1e3 == 1000.0',
      applies: (expr: string, ours: Outcome, google: Outcome) =>
        /\d[eE][+-]?\d/.test(expr.replace(/'[^']*'/g, '')) &&
        json(google) === '{"ok":{"compiled":false}}' &&
        json(ours) === '{"ok":{"compiled":true}}',
    },
    {
      id: 'rules-invalid-date',
      reason:
        '`timestamp.date(2020, 13, 1)` (month 13, year 0, ...): Google’s engine fails ("Date is ' +
        'not valid. year: 2020, month: 13 day: 1."), so the rule denies; this engine rolls the ' +
        'date over (JavaScript Date semantics) and goes on.',
      expr: 'timestamp.date(2020, 13, 1).year() == 2021',
      applies: (_expr: string, _ours: Outcome, google: Outcome) =>
        /Date is not valid|Timestamp should be between/.test(messageOf(google)),
    },
    {
      id: 'rules-string-to-number-conversions',
      reason:
        "`float('0x10')` / `int('0x10')`: this engine converts (JavaScript Number()), Google’s " +
        'fails ("Type conversion error. Argument: [0x10], From type: [string], To type: [float]."), ' +
        'so the rule denies.',
      expr: "float('0x10') == 16",
      applies: (_expr: string, ours: Outcome, google: Outcome) =>
        messageOf(google).includes('Type conversion error') && !isError(ours),
    },
    {
      id: 'rules-in-list-compares-types',
      reason:
        '`1.0 in [1, 2]`: true here (1.0 == 1); false in Google’s engine, whose list membership ' +
        'does not equate a float with an int.',
      expr: '1.0 in [1, 2]',
      applies: (expr: string) => /(^|[^\d.])1\.0 in \[/.test(expr),
    },
    {
      id: 'rules-list-plus-list',
      reason:
        '`[1, 2] + [3]`: Google’s engine has no `+` on lists ("Unsupported operation error. ' +
        'Received: list + list."); this engine concatenates. `concat()` is the list method.',
      expr: '[1, 2] + [3] == [1, 2, 3]',
      applies: (_expr: string, _ours: Outcome, google: Outcome) =>
        messageOf(google).includes('Received: list + list'),
    },
    {
      id: 'rules-string-size-outside-bmp',
      reason:
        "`'é😀'.size()`: this engine counts code points (2); Google’s does not (it counts UTF-16 " +
        'units), so the same comparison is judged differently.',
      expr: "'é😀'.size() == 2",
      applies: (expr: string) => /😀'\.size\(\)/.test(expr),
    },
    {
      id: 'rules-special-case-mappings',
      reason:
        "`'ß'.upper()` / `'İ'.lower()`: this engine applies JavaScript's full case mapping " +
        "(`'SS'`, `'i̇'`); Google’s gives a different result.",
      expr: "'ß'.upper() == 'SS'",
      applies: (expr: string) => /'(ß|İ|é😀)'\.(upper|lower)\(\)/.test(expr),
    },
    {
      id: 'rules-re2-syntax',
      reason:
        'Regular expressions in `matches()` / `replace()` are RE2 in Google’s engine and ' +
        'JavaScript here: RE2-only syntax (`(?s)` — the difference known before this test —, ' +
        '`\\Q...\\E`, `[[:alpha:]]`, `\\pL`, `\\p{Greek}`, `(?P<name>...)`, `\\x{1F600}`, ' +
        '`\\z`, `(?U)`) fails here as an invalid regular expression or means something else; ' +
        'syntax RE2 refuses (`\\1`, `(?=...)`) works here. A fix needs an RE2 engine (e.g. the ' +
        're2js package).',
      expr: "'a\\nc'.matches('(?s)a.c')",
      applies: (expr: string) =>
        /\.(matches|replace)\(/.test(expr) &&
        [
          '(?s)',
          '\\\\Q',
          '[[:',
          '\\\\p',
          '(?P<',
          '\\\\x{',
          '\\\\z',
          '(?U)',
          '(?m)',
          '\\\\1',
          '(?=',
          '\\\\A',
        ].some((construct) => expr.includes(construct)),
    },
  ].map((r): ExpectedDifference => ({
    id: r.id,
    verdict: 'ours-wrong',
    reason: r.reason,
    repro: [{ op: 'rules', expr: r.expr, data: {} }],
    matches: (op, ours, google) => op.op === 'rules' && r.applies(op.expr, ours, google),
  })),
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
      'checked. Since issue 14’s fixes this emulator’s server also leaves NaN out of number ' +
      'ranges (as Google’s answers them), while the SDK matches NaN locally (it sorts below ' +
      'every number): the listener stays pending here too (a DIFF_REPLAY of this reproduction ' +
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
