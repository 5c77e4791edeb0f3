import type { Op, Val } from './model';
import type { Random } from './random';

/**
 * A rules case: a boolean rules expression over built-ins and the data of the `create` request it
 * judges (`request.resource.data`). Non-boolean built-ins are compared with the value this
 * generator expects (`likely`), so cases are allowed about as often as denied; what the test
 * compares is the two engines' verdicts, never this guess.
 */
export type RulesCase = Extract<Op, { op: 'rules' }>;

const q = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** Regular expressions in RE2 syntax, with what they should say of a subject. */
const REGEXES: Array<[string, string, boolean]> = [
  ['a.c', 'abc', true],
  ['(?i)ABC', 'abc', true],
  ['(?s)a.c', 'a\nc', true],
  ['a.c', 'a\nc', false],
  ['(?m)^b$', 'a\nb', true],
  ['(?i)(?s)A.C', 'a\nc', true],
  ['(?U)a+', 'aaa', true],
  ['\\d+', '123', true],
  ['\\w+', 'abc_1', true],
  ['\\s', ' ', true],
  ['[[:alpha:]]+', 'abc', true],
  ['[[:digit:]]+', '12', true],
  ['\\pL+', 'éa', true],
  ['\\p{Greek}+', 'αβ', true],
  ['\\QA.B\\E', 'A.B', true],
  ['(?P<x>a)b', 'ab', true],
  ['a{2,3}', 'aa', true],
  ['a*?b', 'aab', true],
  ['[^a-c]+', 'xyz', true],
  ['.', '😀', true],
  ['..', '😀', false],
  ['\\x{1F600}', '😀', true],
  ['\\Aab\\z', 'ab', true],
  ['a|b', 'b', true],
  ['abc', 'abcd', false],
  ['[a-', 'a', false],
  ['(a)\\1', 'aa', false],
  ['(?=a)a', 'a', false],
];

const STRINGS = [
  '',
  'abc',
  'Hello World',
  ' pad ',
  'a,b,,c',
  'é😀',
  'ß',
  'İ',
  // Java strings: trailing separators, Unicode spaces trim() keeps, a private-use character
  // that sorts after a surrogate pair in UTF-16 but before it in UTF-8.
  'a,b,,',
  ',,',
  '\u00a0x\u2003',
  '\ue000',
];

type Gen = (rng: Random) => [expr: string, likely: string | number | boolean | null];

/**
 * Integer literals at the edges of what rules integers hold (64-bit, exact beyond 2^53), floats
 * beside them, and 2^63, which is no integer literal. `-9223372036854775808` is a literal too.
 */
const INT64_EDGES = [
  '9223372036854775807',
  '-9223372036854775808',
  '9223372036854775806',
  '-9223372036854775807',
  '9007199254740993',
  '9007199254740992',
  '-9007199254740993',
  '4611686018427387904',
  '3037000500',
];
const NEAR_EDGES = [
  '0',
  '1',
  '-1',
  '2',
  '10',
  '1.0',
  '0.5',
  '9007199254740992.0',
  '9223372036854775808.0',
];
/** The seed document d3 (RULES_SEED_DOCS) holds stored integers at the same edges. */
const STORED_INT = (field: string) => `get(/databases/$(database)/documents/seed/d3).data.${field}`;
const edge = (rng: Random) =>
  rng.chance(0.2) ? STORED_INT(rng.pick(['max', 'min', 'big', 'bigFloat'])) : rng.pick(INT64_EDGES);

/** A literal of the rules language for the guessed value (which has no NaN or Infinity literals). */
/** A seed document id in a path literal, written plain or as `$('d1')` (which this engine parses). */
function seedId(rng: Random, other = 'd2'): string {
  const id = rng.pick(['d1', other]);
  return rng.chance(0.5) ? id : `$('${id}')`;
}

function jsString(value: unknown): string {
  if (typeof value === 'string') return q(value);
  if (typeof value === 'number' && !Number.isFinite(value)) return '0';
  return String(value);
}

const GENERATORS: Gen[] = [
  // strings
  (rng) => {
    const s = rng.pick(STRINGS);
    return [`${q(s)}.size()`, [...s].length];
  },
  (rng) => {
    const s = rng.pick(STRINGS);
    return [`${q(s)}.lower()`, s.toLowerCase()];
  },
  (rng) => {
    const s = rng.pick(STRINGS);
    return [`${q(s)}.upper()`, s.toUpperCase()];
  },
  (rng) => {
    const s = rng.pick(STRINGS);
    return [`${q(s)}.trim()`, s.trim()];
  },
  (rng) => {
    const s = rng.pick(STRINGS);
    return [`${q(s)}.split(',').size()`, s.split(',').length];
  },
  (rng) => {
    const s = rng.pick(STRINGS);
    return [`${q(s)}.toUtf8().size()`, Buffer.byteLength(s)];
  },
  (rng) => {
    const s = rng.pick(STRINGS);
    return [`${q(s)}.replace('[a-c]', '_')`, s.replace(/[a-c]/g, '_')];
  },
  (rng) => {
    const [re, subject, result] = rng.pick(REGEXES);
    return [`${q(subject)}.matches(${q(re)})`, result];
  },
  (rng) => {
    const [re, subject] = rng.pick(REGEXES);
    return [`${q(subject)}.replace(${q(re)}, 'x')`, subject];
  },
  (rng) => {
    const s = rng.pick(STRINGS.filter(Boolean));
    return [`${q(s)}[0]`, [...s][0] ?? ''];
  },
  (rng) => {
    const [a, b] = [rng.pick(STRINGS), rng.pick(STRINGS)];
    return [`${q(a)} < ${q(b)}`, a < b];
  },
  (rng) => {
    const v = rng.pick([
      '1.5',
      '12',
      '-3',
      '1e3',
      'x',
      '0x10',
      '+3',
      ' 12 ',
      '1d',
      '0x1p3',
      'NaN',
      '-Infinity',
      '١٢',
      '1_000',
    ]);
    return [rng.chance(0.5) ? `int(${q(v)})` : `float(${q(v)})`, Number(v)];
  },
  (rng) => {
    const v = rng.pick(['1.5', '12', 'true', 'null', '[1, 2]', "{'a': 1}", '-0.0', '1e100']);
    return [`string(${v})`, v];
  },
  (rng) => {
    const s = rng.pick(STRINGS);
    const [from, to] = [
      rng.pick(['', '0', '1', '2', '-1', '9']),
      rng.pick(['', '0', '1', '3', '9']),
    ];
    const sliced = s.slice(Number(from) || 0, to === '' ? undefined : Number(to));
    // Google's compiler reads a lone surrogate in a literal otherwise: compare sizes then.
    const lone = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
    return lone.test(sliced)
      ? [`${q(s)}[${from}:${to}].size()`, sliced.length]
      : [`${q(s)}[${from}:${to}]`, sliced];
  },
  (rng) => {
    const s = rng.pick(STRINGS);
    const [re, replacement] = rng.pick([
      ['(b)', '[$1]'],
      ['(?P<x>[a-c])', '${x}${x}'],
      ['(b)', '[\\1]'],
      ['', '-'],
      ['[,\\s]+', '$0'],
      ['\\pL', '.'],
    ]);
    return [`${q(s)}.replace(${q(re)}, ${q(replacement)})`, s];
  },
  (rng) => {
    const s = rng.pick(STRINGS);
    const separator = rng.pick([',', '', 'b*', ',+', '\\s', '(?i)B']);
    return [`${q(s)}.split(${q(separator)})${rng.pick(['.size()', '[0]', ''])}`, 2];
  },
  (rng) => {
    const [a, b] = [rng.pick(STRINGS), rng.pick(STRINGS)];
    return [`${q(a)}${rng.pick(['.trim()', ''])} ${rng.pick(['<', '>=', '=='])} ${q(b)}`, a < b];
  },
  // hashing and bytes
  (rng) => {
    const arg = rng.pick([
      "'abc'",
      "''",
      "'é😀'",
      "b'abc'",
      "b'\\x90\\x01'",
      'request.resource.data.v',
      '1',
    ]);
    const fn = rng.pick(['crc32', 'crc32c', 'md5', 'sha256']);
    return [
      `hashing.${fn}(${arg})${rng.pick(['.toHexString()', '.size()', '.toBase64()'])}`,
      'AQ==',
    ];
  },
  (rng) => [
    `${rng.pick(["b'ab'", 'b"\\x00\\xff"', "b'é'", "b''"])}${rng.pick(['.size()', '.toBase64()', '.toHexString()', " == 'ab'.toUtf8()", '[0:1].size()'])}`,
    2,
  ],
  // lists and sets
  (rng) => {
    const [a, b] = [
      rng.pick(['[1, 2, 3]', '[]', "['a', 1]", '[1, 1, 2]']),
      rng.pick(['[1]', '[2, 4]', '[]', "['a']"]),
    ];
    const m = rng.pick(['hasAll', 'hasAny', 'hasOnly']);
    return [`${a}.${m}(${b})`, true];
  },
  (rng) => [
    `${rng.pick(['[1, 2, 3]', '[]', "['a', 'b']", '[1, 1, 2]'])}.${rng.pick(['size()', "join('-')", 'toSet().size()', 'concat([4])', 'removeAll([1])'])}`,
    3,
  ],
  (rng) => [
    `${rng.pick(['1', "'a'", '1.0', 'null', '[1]'])} in ${rng.pick(['[1, 2]', "['a']", '[null]', '[[1]]', "{'a': 1}"])}`,
    true,
  ],
  (rng) => [`${rng.pick(['[1, 2]', '[]'])}[${rng.pick(['0', '1', '-1', '2'])}]`, 1],
  (rng) => [
    `${rng.pick(['[1, 2, 3]', '[]', "['a']"])}[${rng.pick(['', '0', '1', '-1', '4'])}:${rng.pick(['', '0', '2', '3', '5'])}]`,
    '[2, 3]',
  ],
  (rng) => [
    `${rng.pick(['[1]', "{'a': 1}", '[0.0]', '[[1]]', "{'a': [1, 2.5]}", '[1].toSet()'])} == ${rng.pick(['[1.0]', "{'a': 1.0}", '[-0.0]', '[[1.0]]', "{'a': [1.0, 2.5]}", '[1.0].toSet()'])}`,
    true,
  ],
  (rng) => [
    `[1, 2.5, 'a'].${rng.pick(['hasAny', 'hasAll', 'hasOnly', 'removeAll', 'concat'])}(${rng.pick(['[1.0]', '[2.5, 1]', '[1].toSet()', "['a', 1.0, 2.5]"])})${rng.pick(['', '.size()'])}`,
    true,
  ],
  (rng) => [
    `{'a': ${rng.pick(['1', '1.0', '[1]', "float('NaN')", '-0.0'])}}.diff({'a': ${rng.pick(['1', '1.0', '[1.0]', "float('NaN')", '0.0'])}}).${rng.pick(['changedKeys()', 'unchangedKeys()', 'affectedKeys()'])}.size()`,
    1,
  ],
  (rng) => [
    `[1, 2, 3].toSet().${rng.pick(['difference', 'intersection', 'union', 'hasAll', 'hasAny', 'hasOnly'])}(${rng.pick(['[2]', '[4].toSet()', '[1, 2, 3]', '[]'])}${rng.chance(0.5) ? '.toSet()' : ''})`,
    true,
  ],
  (rng) => [`[1, 2] + ${rng.pick(['[3]', '[]', '3'])}`, '[1, 2, 3]'],
  // maps
  (rng) => [
    `{'a': 1, 'b': {'c': 2}}.${rng.pick(['keys()', 'values()', 'size()', "get('z', 7)", "get(['b', 'c'], 0)", "get('a', 0)", "diff({'a': 2, 'd': 1}).changedKeys()", "diff({'a': 1}).removedKeys()", "diff({'x': 1}).addedKeys()", "diff({'a': 1}).unchangedKeys()", 'diff({}).affectedKeys()'])}`,
    2,
  ],
  (rng) => [`${rng.pick(["'a'", "'z'", '1'])} in {'a': 1}`, true],
  (rng) => [`{'a': 1}${rng.pick(['.a', "['a']", '.z', "['z']"])}`, 1],
  // math and numbers
  (rng) => {
    const x = rng.pick(['2.5', '-2.5', '0.5', '-0.5', '3', '1e308', '-0.0']);
    const fn = rng.pick(['abs', 'ceil', 'floor', 'round', 'sqrt', 'isInfinite', 'isNaN']);
    const js = {
      abs: Math.abs,
      ceil: Math.ceil,
      floor: Math.floor,
      round: Math.round,
      sqrt: Math.sqrt,
      isInfinite: (n: number) => !Number.isFinite(n),
      isNaN: Number.isNaN,
    }[fn]!;
    return [`math.${fn}(${x})`, js(Number(x)) as number];
  },
  (rng) => {
    const [b, e] = [rng.pick(['2', '2.0', '-8', '0']), rng.pick(['3', '0.5', '-1', '1000'])];
    return [`math.pow(${b}, ${e})`, Number(b) ** Number(e)];
  },
  (rng) => {
    const [a, b] = [
      rng.pick(['7', '-7', '7.0', '9223372036854775807', '0']),
      rng.pick(['2', '-2', '0', '2.0', '1']),
    ];
    const op = rng.pick(['/', '%', '+', '-', '*']);
    const [x, y] = [Number(a), Number(b)];
    const js = { '/': x / y, '%': x % y, '+': x + y, '-': x - y, '*': x * y }[op]!;
    return [`${a} ${op} ${b}`, Number.isFinite(js) ? Math.trunc(js) : 0];
  },
  (rng) => [
    `${rng.pick(['1', '1.0', '-0.0', '0', '1e3', "'1'"])} == ${rng.pick(['1', '1.0', '0.0', '0', '1000'])}`,
    true,
  ],
  (rng) => [
    `${rng.pick(['1', '1.5', "'a'", 'null', '[1]', "{'a': 1}", 'true', 'request.time', 'duration.value(1, "s")', 'latlng.value(1, 2)', '/databases/x/documents/a/b', "b'ab'"].filter((x) => !x.startsWith('b')))} is ${rng.pick(['int', 'float', 'number', 'string', 'bool', 'list', 'map', 'timestamp', 'duration', 'latlng', 'path', 'set'])}`,
    true,
  ],
  // 64-bit integers: arithmetic at the edges (overflow), int beside float, conversions
  (rng) => [
    `(${edge(rng)} ${rng.pick(['+', '-', '*', '/', '%'])} ${rng.pick([...NEAR_EDGES, ...INT64_EDGES])}) ${rng.pick(['==', '<', '>=', '!='])} ${rng.pick([...INT64_EDGES, ...NEAR_EDGES])}`,
    true,
  ],
  (rng) => [
    `${edge(rng)} ${rng.pick(['==', '!=', '<', '<=', '>', '>='])} ${rng.pick([...INT64_EDGES, ...NEAR_EDGES])}`,
    true,
  ],
  (rng) => {
    const x = rng.pick([
      ...INT64_EDGES,
      '9223372036854775808',
      '10000000000000000000.0',
      "float('NaN')",
    ]);
    const applied = rng.pick([
      `-${x}`,
      `- ${x}`,
      `-(${x})`,
      ...['math.abs', 'math.ceil', 'math.floor', 'math.round', 'int', 'float', 'string'].map(
        (fn) => `${fn}(${x})`,
      ),
    ]);
    return [`${applied} ${rng.pick(['==', '<', '>'])} ${rng.pick(INT64_EDGES)}`, true];
  },
  (rng) => [
    `${rng.pick(['int', 'float', 'string'])}(${q(rng.pick(['9223372036854775807', '-9223372036854775808', '9223372036854775808', '9007199254740993']))}) ${rng.pick(['==', '>'])} ${rng.pick(INT64_EDGES)}`,
    true,
  ],
  (rng) => {
    const [a, b] = [edge(rng), rng.pick([...INT64_EDGES, ...NEAR_EDGES])];
    return [
      rng.pick([
        `${a} in [${b}]`,
        `${a} in [${b}].toSet()`,
        `[${a}] == [${b}]`,
        `{'a': ${a}} == {'a': ${b}}`,
        `[${a}, ${b}].toSet().size() == 2`,
        `{'a': ${a}}.diff({'a': ${b}}).changedKeys().size() == 1`,
        `[${a}].hasAny([${b}])`,
      ]),
      true,
    ];
  },
  (rng) => [
    `${rng.pick(['[1, 2]', "'abc'", '/databases/x/documents/a/b'])}[${rng.pick(['9223372036854775807', '-9223372036854775808', '9007199254740993 - 9007199254740992'])}]`,
    'b',
  ],
  (rng) => {
    const x = rng.pick([
      '253402300799999',
      '253402300800000',
      '-62135596800000',
      '-62135596800001',
      '9223372036854775807',
      '315576000000',
      '315576000001',
    ]);
    return [
      rng.chance(0.5)
        ? `timestamp.value(${x}).${rng.pick(['toMillis()', 'nanos()', 'year()'])}`
        : `duration.value(${x}, ${q(rng.pick(['s', 'ms', 'ns']))}).${rng.pick(['seconds()', 'nanos()'])}`,
      1,
    ];
  },
  // timestamps and durations
  (rng) => [
    `timestamp.date(${rng.pick(['2020, 2, 29', '2021, 12, 31', '1970, 1, 1', '2020, 13, 1', '0, 1, 1', '2021, 2, 29', '1900, 2, 29', '1, 1, 1', '9999, 12, 31', '10000, 1, 1', '2020, 4, 31'])}).${rng.pick(['year()', 'month()', 'day()', 'dayOfWeek()', 'dayOfYear()', 'toMillis()', 'hours()', 'nanos()', 'seconds()'])}`,
    60,
  ],
  (rng) => [
    `timestamp.value(${rng.pick(['0', '1500000000123', '-1', '253402300799999'])}).${rng.pick(['toMillis()', 'nanos()', 'seconds()', 'minutes()', 'date() == timestamp.date(1970, 1, 1)', 'time() == duration.value(0, "s")'])}`,
    0,
  ],
  (rng) => [
    `(timestamp.value(1000) ${rng.pick(['+', '-'])} duration.value(${rng.pick(['1', '-1', '1.5', '90'])}, ${q(rng.pick(['w', 'd', 'h', 'm', 's', 'ms', 'ns', 'x']))})).toMillis()`,
    1000,
  ],
  (rng) => [
    `duration.${rng.pick(['value(90, "m").seconds()', 'time(1, 2, 3, 4).nanos()', 'abs(duration.value(-5, "s")).seconds()', 'value(1500, "ms").nanos()', 'value(-1500, "ms").seconds()'])}`,
    5400,
  ],
  (rng) => [
    `(timestamp.value(5000) - timestamp.value(${rng.pick(['1000', '7000'])})).seconds()`,
    4,
  ],
  (rng) => [`request.time ${rng.pick(['>', '<'])} timestamp.date(2000, 1, 1)`, true],
  // paths
  (rng) => [
    `${rng.pick(["path('/databases/db/documents/a/b')", '/databases/$(database)/documents/seed/d1', "path('a/b/c')"])}${rng.pick(['[0]', '[1]', '[4]', '[-1]', '.size()', " == path('/databases/(default)/documents/seed/d1')"])}`,
    'seed',
  ],
  (rng) => [`request.path${rng.pick(['[3]', '[4]', ' is path', '.size()'])}`, 'r'],
  // documents
  (rng) => [
    `get(/databases/$(database)/documents/seed/${seedId(rng)}).data.${rng.pick(['v', 's', 'list', 'missing', 'm.k'])}`,
    3,
  ],
  (rng) => [`exists(/databases/$(database)/documents/seed/${seedId(rng, 'nope')})`, true],
  (rng) => [`existsAfter(request.path)`, rng.chance(0.5)],
  () => [`getAfter(request.path).data.v`, 1],
  // geo, bytes, request data
  (rng) => [
    `latlng.value(${rng.pick(['1, 2', '-90, 180', '91, 0', '0.5, -0.5'])}).${rng.pick(['latitude()', 'longitude()', 'distance(latlng.value(0, 0)) > 100'])}`,
    1,
  ],
  (rng) => [
    `request.resource.data.v${rng.pick([' is int', ' is float', ' == 1', ' == 1.0', ' > 0', '.size()', ' is bytes', ' is latlng', ' is timestamp', ' is map', ' is list', ' is string'])}`,
    true,
  ],
  (rng) => [
    `request.resource.data.v.${rng.pick(['toBase64()', 'toHexString()', 'size()', 'latitude()', 'toMillis()', 'nanos()', 'keys()', 'lower()'])}`,
    'AQ==',
  ],
  (rng) => [
    `request.auth.${rng.pick(['uid', 'token.sub', 'token.missing', 'token.email_verified'])}`,
    'alice',
  ],
];

const DATA_VALUES: Val[] = [
  { k: 'num', v: 1 },
  { k: 'num', v: 1.5 },
  { k: 'num', v: 'NaN' },
  { k: 'num', v: '-0' },
  { k: 'str', v: 'Ab😀' },
  { k: 'bytes', v: 'AQ==' },
  { k: 'geo', lat: 1, lng: 2 },
  { k: 'ts', s: 1, n: 5 },
  { k: 'map', v: { a: { k: 'num', v: 1 } } },
  { k: 'arr', v: [{ k: 'num', v: 1 }] },
  { k: 'null' },
];

/** A case: `expr == likely` (or its negation), so allow and deny both occur. */
export function rulesCase(rng: Random): RulesCase {
  const [expr, likely] = rng.pick(GENERATORS)(rng);
  const data = { v: rng.pick(DATA_VALUES) };
  const compared =
    typeof likely === 'boolean' ? expr : `(${expr}) == ${jsString(likely ?? 'null')}`;
  return { op: 'rules', expr: rng.chance(0.2) ? `!(${compared})` : compared, data };
}

/** The documents generated rules read with get() / exists(): written before any case runs. */
export const RULES_SEED_DOCS: Op[] = [
  {
    op: 'set',
    path: 'seed/d1',
    data: {
      v: { k: 'num', v: 3 },
      s: { k: 'str', v: 'abc' },
      list: { k: 'arr', v: [{ k: 'num', v: 1 }] },
      m: { k: 'map', v: { k: { k: 'num', v: 1 } } },
    },
  },
  { op: 'set', path: 'seed/d2', data: { v: { k: 'str', v: 'x' } } },
  // Integers the web SDK cannot write (beyond 2^53), written through REST.
  {
    op: 'rawSet',
    path: 'seed/d3',
    fields: {
      max: { integerValue: '9223372036854775807' },
      min: { integerValue: '-9223372036854775808' },
      big: { integerValue: '9007199254740993' },
      bigFloat: { doubleValue: 9007199254740992 },
    },
  },
];

/** The rules: one collection per case (`r<i>`), `seed` readable and writable for get()/exists(). */
export function rulesSource(cases: RulesCase[]): string {
  const matches = cases.map(
    (c, i) => `    match /r${i}/{doc} {\n      allow create: if ${c.expr};\n    }`,
  );
  return [
    "rules_version = '2';",
    'service cloud.firestore {',
    '  match /databases/{database}/documents {',
    '    match /seed/{doc} {',
    '      allow read, write: if true;',
    '    }',
    ...matches,
    '  }',
    '}',
    '',
  ].join('\n');
}
