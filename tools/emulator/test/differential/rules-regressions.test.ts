/**
 * The rules differences the differential test found, fixed in this engine: each case runs on both
 * engines (this emulator and Google's Cloud Firestore emulator, through the real browser SDK, as
 * the differential test runs them) and must get the verdict Google's engine gives, measured when
 * the difference was fixed. If either engine changes, this fails for that engine.
 */
import { referenceInstall } from '../harness/reference';
import type { Side } from './backends';
import { runOnBoth } from './differ';
import type { Op, Outcome } from './model';
import { rulesSource, type RulesCase } from './rules-generate';
import { compiles, rulesPairForFile } from './rules-install';

type Verdict = 'allow' | 'deny' | 'refused';

/** [difference it pins, rules expression, verdict of Google's engine]. */
const REGRESSIONS: Array<[string, string, Verdict]> = [
  [
    'rules-path-literal-before-parenthesis',
    'get(/databases/$(database)/documents/seed/d1).data.v == 3',
    'allow',
  ],
  [
    'rules-path-literal-before-parenthesis',
    "get(/databases/$(database)/documents/seed/d2).data.v == 'y'",
    'deny',
  ],
  ['rules-float-literal-with-exponent', '1e3 == 1000.0', 'refused'],
  ['rules-float-literal-with-exponent', '0x10 == 16', 'refused'],
  ['rules-float-literal-with-exponent', '1. == 1.0 && .5 == 0.5', 'allow'],
  ['rules-invalid-date', 'timestamp.date(2020, 13, 1).year() == 2021', 'deny'],
  ['rules-invalid-date', '!(timestamp.date(2021, 2, 29).month() == 3)', 'deny'],
  ['rules-invalid-date', 'timestamp.date(1, 1, 1).toMillis() == -62135596800000', 'allow'],
  ['rules-string-to-number-conversions', "float('0x10') == 16", 'deny'],
  ['rules-string-to-number-conversions', "!(int(' 12 ') == 0)", 'deny'],
  [
    'rules-string-to-number-conversions',
    "float(' 12 ') == 12 && float('1d') == 1 && int('+3') == 3",
    'allow',
  ],
  ['rules-in-list-compares-types', '1.0 in [1, 2]', 'deny'],
  ['rules-in-list-compares-types', "[1] == [1.0] || {'a': 1} == {'a': 1.0}", 'deny'],
  ['rules-in-list-compares-types', '1.0 in [1].toSet() && [1, 1.0].toSet().size() == 1', 'allow'],
  ['rules-list-plus-list', '[1, 2] + [3] == [1, 2, 3]', 'deny'],
  ['rules-list-plus-list', '!([1] + [2] == [3])', 'deny'],
  ['rules-string-size-outside-bmp', "'é😀'.size() == 3 && '😀a'[2] == 'a'", 'allow'],
  [
    'rules-special-case-mappings',
    "'ß'.upper() == 'ß' && 'İ'.lower() == 'İ' && 'é'.upper() == 'é'",
    'allow',
  ],
  ['rules-special-case-mappings', "'ß'.upper() == 'SS'", 'deny'],
  ['rules-re2-syntax', "'a\\nc'.matches('(?s)a.c')", 'allow'],
  ['rules-re2-syntax', "'abc'.matches('[[:alpha:]]+') && 'αβ'.matches('\\\\p{Greek}+')", 'allow'],
  ['rules-re2-syntax', "'A.B'.matches('\\\\QA.B\\\\E') && 'ab'.matches('(?P<x>a)b')", 'allow'],
  ['rules-re2-syntax', "'😀'.matches('\\\\x{1F600}') && 'ab'.matches('\\\\Aab\\\\z')", 'allow'],
  ['rules-re2-syntax', "'aa'.matches('(a)\\\\1')", 'refused'],
  ['rules-re2-syntax', "'a'.matches('(?=a)a')", 'refused'],
  ['rules-re2-syntax', "'abc'.replace('(?P<x>b)', '[${x}]') == 'a[b]c'", 'allow'],
  ['rules-re2-syntax', "'a,b,,'.split(',') == ['a', 'b'] && 'abc'.split('').size() == 4", 'allow'],
  // Found while fixing the above (Java strings in Google's engine).
  ['string-order-and-trim', "'\\uE000' < '😀' || '\\u00A0a'.trim().size() == 1", 'deny'], // 64-bit integers (rules-int64-literals) and what was found with them.
  ['rules-int64-literals', '9223372036854775807 % 2 == 1 && -9223372036854775808 < 0', 'allow'],
  ['rules-int64-literals', '9223372036854775808 > 0', 'refused'],
  ['rules-int64-literals', '- -1 == 1', 'refused'],
  ['rules-int64-literals', '9007199254740993 - 9007199254740992 == 1', 'allow'],
  ['rules-int64-literals', '9223372036854775807 + 1 < 0 || 9223372036854775807 + 1 > 0', 'deny'],
  ['rules-int64-literals', '-(-9223372036854775807 - 1) != 0', 'deny'],
  [
    'rules-int64-literals',
    '(-9223372036854775807 - 1) / -1 < 0 && math.abs(-9223372036854775807 - 1) < 0',
    'allow',
  ],
  [
    'rules-int64-literals',
    '9007199254740993 == 9007199254740992.0 && !(9007199254740993 > 9007199254740992.0)',
    'allow',
  ],
  ['rules-int64-literals', '9007199254740993 in [9007199254740992.0].toSet()', 'deny'],
  ['rules-int64-literals', "string(9223372036854775807) == '9223372036854775807'", 'allow'],
  [
    'rules-int64-literals',
    "int(10000000000000000000.0) == 9223372036854775807 && int(float('NaN')) == 0",
    'allow',
  ],
  ['rules-int64-literals', 'math.round(10000000000000000000.0) == 9223372036854775807', 'allow'],
  [
    'rules-int64-literals',
    'get(/databases/$(database)/documents/seed/d3).data.max == 9223372036854775807 && get(/databases/$(database)/documents/seed/d3).data.min == -9223372036854775808',
    'allow',
  ],
  [
    'rules-int64-literals',
    'get(/databases/$(database)/documents/seed/d3).data.big == 9007199254740992',
    'deny',
  ],
  [
    'rules-int64-literals',
    'get(/databases/$(database)/documents/seed/d3).data.max - 1 == 9223372036854775806',
    'allow',
  ],
  [
    'rules-int64-literals',
    'get(/databases/$(database)/documents/seed/d3).data.max + 1 != 0',
    'deny',
  ],
  ['rules-timestamp-range', 'timestamp.value(253402300800000).toMillis() > 0', 'deny'],
  ['rules-timestamp-range', "duration.value(315576000001, 's').seconds() > 0", 'deny'],
  [
    'rules-timestamp-range',
    "(timestamp.date(9999, 12, 31) + duration.value(1, 'd')) > request.time",
    'deny',
  ],
  ['rules-timestamp-range', "duration.value(9223372036854, 'ms').seconds() == 9223372036", 'allow'],
  ['rules-timestamp-range', "duration.value(9223372036855, 'ms').seconds() > 0", 'deny'],
  ['rules-list-index-from-the-end', '[1, 2][-1] == 2 || !([1, 2][-1] == 2)', 'deny'],
  // Google's engine evaluates no regular expression longer than 4096 characters.
  ['rules-regex-length-limit', `'a'.matches('${'a?'.repeat(2047)}a')`, 'allow'],
  ['rules-regex-length-limit', `'a'.matches('${'a?'.repeat(2048)}a')`, 'refused'],
  [
    'rules-regex-length-limit',
    `'a'.matches('${'a?'.repeat(1100)}' + '${'a?'.repeat(1100)}a')`,
    'deny',
  ],
];

const CASES: RulesCase[] = REGRESSIONS.map(([, expr]) => ({
  op: 'rules',
  expr,
  data: { v: { k: 'num', v: 1 } },
}));

const install = referenceInstall();

function verdictOf(outcome: Outcome): Verdict | string {
  if ('ok' in outcome) return 'allow';
  return outcome.error === 'permission-denied' ? 'deny' : JSON.stringify(outcome);
}

(install ? describe : describe.skip)('rules differences fixed, on both engines', () => {
  const startedPair = rulesPairForFile('demo-rules-regressions', install!);

  it('each engine gives the verdict of Google’s engine', async () => {
    const pair = startedPair();
    const verdicts: Record<Side, Array<Verdict | string>> = { ours: [], google: [] };
    const compiled: number[] = [];
    for (const [i, c] of CASES.entries()) {
      const source = rulesSource([c]);
      const [ours, google] = await Promise.all([
        compiles(pair, 'ours', source),
        compiles(pair, 'google', source),
      ]);
      verdicts.ours[i] = ours ? 'compiled' : 'refused';
      verdicts.google[i] = google ? 'compiled' : 'refused';
      if (ours || google) compiled.push(i);
    }
    const refused = (i: number) =>
      verdicts.ours[i] === 'refused' && verdicts.google[i] === 'refused';
    const judged = compiled.filter((i) => !refused(i) && verdicts.ours[i] === verdicts.google[i]);
    const source = rulesSource(
      CASES.map((c, i) => (judged.includes(i) ? c : { ...c, expr: 'false' })),
    );
    expect(await compiles(pair, 'ours', source)).toBe(true);
    expect(await compiles(pair, 'google', source)).toBe(true);
    const creates: Op[] = judged.map((i) => ({ op: 'set', path: `r${i}/x`, data: CASES[i]!.data }));
    const outcomes = await runOnBoth(pair, creates, '');
    judged.forEach((i, n) => {
      verdicts.ours[i] = verdictOf(outcomes.ours[n]!);
      verdicts.google[i] = verdictOf(outcomes.google[n]!);
    });
    const report = (side: Side) =>
      REGRESSIONS.map(([id, expr], i) => `${id}: ${expr} -> ${verdicts[side][i]}`);
    const expected = REGRESSIONS.map(([id, expr, verdict]) => `${id}: ${expr} -> ${verdict}`);
    expect(report('google')).toEqual(expected);
    expect(report('ours')).toEqual(expected);
  }, 300_000);
});
