import type { FieldRef, Filter, Op, QuerySpec, RawFields, Val, WriteOp } from './model';
import type { Random } from './random';

/** Few documents, so queries, writes and listeners keep meeting the same ones. */
const TOP_DOCS = ['c/d0', 'c/d1', 'c/d2', 'c/d3', 'c/d4', 'c/d5'];
const GROUP_DOCS = ['g/e0', 'g/e1', 'c/d0/g/e0', 'c/d1/g/e1', 'c/d2/g/e0'];
const DOCS = [...TOP_DOCS, ...GROUP_DOCS];

const num = (v: number | 'NaN' | 'Infinity' | '-Infinity' | '-0'): Val => ({ k: 'num', v });
const str = (v: string): Val => ({ k: 'str', v });

/** Every kind of value and its edges (the web SDK writes safe integers as integers, others as doubles). */
const SCALARS: Val[] = [
  { k: 'null' },
  { k: 'bool', v: false },
  { k: 'bool', v: true },
  num(0),
  num('-0'),
  num(1),
  num(-1),
  num(1.5),
  num(-2.5),
  num(2),
  num('NaN'),
  num('Infinity'),
  num('-Infinity'),
  num(Number.MAX_SAFE_INTEGER),
  num(Number.MIN_SAFE_INTEGER),
  num(2 ** 53),
  num(2 ** 63),
  num(-(2 ** 63)),
  num(Number.MAX_VALUE),
  num(Number.MIN_VALUE),
  str(''),
  str('a'),
  str('B'),
  str('b'),
  str('é'),
  str('\uffff'),
  str('😀'),
  str('a\u0000b'),
  str('𝌆z'),
  { k: 'bytes', v: '' },
  { k: 'bytes', v: 'AA==' },
  { k: 'bytes', v: '/w==' },
  { k: 'bytes', v: 'AAE=' },
  { k: 'geo', lat: 0, lng: 0 },
  { k: 'geo', lat: -90, lng: 180 },
  { k: 'geo', lat: 1.5, lng: -2.25 },
  { k: 'ts', s: 0, n: 0 },
  { k: 'ts', s: 0, n: 1 },
  { k: 'ts', s: -62135596800, n: 0 },
  { k: 'ts', s: 253402300799, n: 999999999 },
  { k: 'ts', s: 1_000_000_000, n: 123456789 },
  { k: 'ref', path: 'c/d0' },
  { k: 'ref', path: 'c/d1' },
  { k: 'ref', path: 'c/d0/g/e0' },
];

/** Comparands for filters and cursors: a smaller pool, so queries do hit documents. */
const COMPARANDS: Val[] = [
  { k: 'null' },
  { k: 'bool', v: true },
  num(0),
  num('-0'),
  num(1),
  num(1.5),
  num(2),
  num('NaN'),
  num('Infinity'),
  num(Number.MAX_SAFE_INTEGER),
  str(''),
  str('a'),
  str('b'),
  str('😀'),
  str('\uffff'),
  { k: 'ts', s: 0, n: 1 },
  { k: 'ref', path: 'c/d1' },
  { k: 'arr', v: [] },
  { k: 'arr', v: [num(1)] },
  { k: 'map', v: {} },
  { k: 'map', v: { x: num(1) } },
];

const MAP_KEYS = ['x', 'y', 'x.y', 'back`tick', '😀', ''];
const QUERY_FIELDS = ['a', 'b', 'arr', 'm.x', '__name__'];
const OPERATORS = [
  '<',
  '<=',
  '==',
  '!=',
  '>=',
  '>',
  'array-contains',
  'in',
  'not-in',
  'array-contains-any',
];

function value(rng: Random, depth = 0): Val {
  const roll = rng.next();
  if (depth < 2 && roll < 0.12) {
    return { k: 'arr', v: Array.from({ length: rng.int(4) }, () => value(rng, depth + 1)) };
  }
  if (depth < 2 && roll < 0.22) {
    const entries = rng.sample(MAP_KEYS, rng.int(3)).map((key) => [key, value(rng, depth + 1)]);
    return { k: 'map', v: Object.fromEntries(entries) as Record<string, Val> };
  }
  return rng.pick(SCALARS);
}

const smallNumber = (rng: Random): Val =>
  rng.pick([num(0), num('-0'), num(1), num(2), num(1.5), num(-1), num('NaN'), num(10)]);

/** A document's data: the fields queries look at, with mixed types in `a`. */
function documentData(rng: Random): Record<string, Val> {
  const data: Record<string, Val> = {};
  if (rng.chance(0.8)) data['a'] = rng.chance(0.5) ? rng.pick(COMPARANDS) : value(rng);
  if (rng.chance(0.8)) data['b'] = smallNumber(rng);
  if (rng.chance(0.5)) data['arr'] = { k: 'arr', v: rng.sample(COMPARANDS, rng.int(3)) };
  if (rng.chance(0.5)) data['m'] = { k: 'map', v: { x: rng.pick(COMPARANDS) } };
  if (rng.chance(0.2)) data[rng.pick(MAP_KEYS)] = value(rng);
  return data;
}

function transform(rng: Random): Val {
  switch (rng.int(5)) {
    case 0:
      return { k: 'serverTs' };
    case 1:
      return { k: 'inc', v: rng.pick([1, -1, 0.5, 2 ** 53, -0]) };
    case 2:
      return { k: 'union', v: rng.sample(COMPARANDS, 1 + rng.int(2)) };
    case 3:
      return { k: 'remove', v: rng.sample(COMPARANDS, 1 + rng.int(2)) };
    default:
      return { k: 'delete' };
  }
}

function fieldRef(rng: Random): FieldRef {
  return rng.pick<FieldRef>([
    { dotted: 'a' },
    { dotted: 'b' },
    { dotted: 'm.x' },
    { dotted: 'm.y.z' },
    { dotted: 'arr' },
    { parts: ['x.y'] },
    { parts: ['back`tick'] },
    { parts: ['m', 'x.y'] },
    { parts: ['😀'] },
    { parts: ['m', ''] },
  ]);
}

function writeOp(rng: Random, path = rng.pick(DOCS)): WriteOp {
  const roll = rng.next();
  if (roll < 0.45) {
    const data = documentData(rng);
    if (rng.chance(0.15)) data[rng.pick(['a', 'b', 'arr', 't'])] = transform(rng);
    const kind = rng.int(5);
    if (kind === 3) return { op: 'set', path, data, merge: true };
    if (kind === 4) {
      const keys = Object.keys(data);
      const mergeFields = rng.sample(keys, 1 + rng.int(Math.max(1, keys.length))).map((k) => [k]);
      if (rng.chance(0.2)) mergeFields.push(['m', 'x']);
      return { op: 'set', path, data, mergeFields };
    }
    return { op: 'set', path, data };
  }
  if (roll < 0.85) {
    const pairs: Array<[FieldRef, Val]> = Array.from({ length: 1 + rng.int(2) }, () => [
      fieldRef(rng),
      rng.chance(0.35) ? transform(rng) : value(rng),
    ]);
    return { op: 'update', path, pairs };
  }
  return { op: 'delete', path };
}

function comparand(rng: Random, field: string, cmp: string): Val | Val[] {
  const one = (): Val =>
    field === '__name__'
      ? rng.chance(0.7)
        ? { k: 'ref', path: rng.pick(TOP_DOCS) }
        : str(rng.pick(['d1', 'd3', '']))
      : rng.pick(COMPARANDS);
  if (cmp === 'in' || cmp === 'not-in' || cmp === 'array-contains-any') {
    return Array.from({ length: rng.chance(0.05) ? 0 : 1 + rng.int(3) }, one);
  }
  return one();
}

function filter(rng: Random, depth = 0): Filter {
  if (depth < 2 && rng.chance(0.25)) {
    const parts = Array.from({ length: 2 + rng.int(2) }, () => filter(rng, depth + 1));
    return rng.chance(0.5) ? { and: parts } : { or: parts };
  }
  const field = rng.pick(QUERY_FIELDS);
  const cmp = rng.pick(OPERATORS);
  return { field, cmp, value: comparand(rng, field, cmp) };
}

function querySpec(rng: Random): QuerySpec {
  const group = rng.chance(0.2);
  const q: QuerySpec = group
    ? { from: 'g', group: true }
    : { from: rng.chance(0.9) ? 'c' : 'c/d0/g' };
  if (rng.chance(0.7)) q.where = filter(rng);
  const orderCount = rng.pick([0, 0, 1, 1, 2, 3]);
  if (orderCount > 0) {
    q.orderBy = rng
      .sample(['a', 'b', 'm.x', '__name__'], orderCount)
      .map((field) => [field, rng.chance(0.7) ? 'asc' : 'desc']);
  }
  if (rng.chance(0.3)) {
    q.cursors = rng
      .sample(['startAt', 'startAfter', 'endAt', 'endBefore'] as const, 1 + rng.int(2))
      .map((kind) => ({
        kind,
        values: Array.from({ length: 1 + rng.int(Math.max(1, orderCount)) }, () =>
          rng.pick(COMPARANDS),
        ),
      }));
  }
  if (rng.chance(0.3)) q.limit = 1 + rng.int(4);
  else if (rng.chance(0.15)) q.limitToLast = 1 + rng.int(3);
  return q;
}

const RAW_NUMBERS: unknown[] = [
  { integerValue: '9223372036854775807' },
  { integerValue: '-9223372036854775808' },
  { integerValue: '9007199254740993' },
  { integerValue: '1' },
  { doubleValue: 1 },
  { integerValue: '0' },
  { doubleValue: -0 },
  { doubleValue: 'NaN' },
  { doubleValue: 'Infinity' },
  { doubleValue: '-Infinity' },
  { doubleValue: 2 ** 63 },
  { doubleValue: 2.5 },
];

/** Typed values the web SDK cannot write (a double 1.0, the int64 limits), via REST. */
function rawFields(rng: Random): RawFields {
  return {
    a: rng.pick(RAW_NUMBERS),
    b: rng.pick(RAW_NUMBERS),
    arr: { arrayValue: { values: rng.sample(RAW_NUMBERS, rng.int(3)) } },
  };
}

function listenOp(rng: Random): Op {
  const q: QuerySpec = {
    from: 'c',
    orderBy: [['b', rng.chance(0.7) ? 'asc' : 'desc']],
  };
  if (rng.chance(0.5))
    q.where = { field: 'b', cmp: rng.pick(['>=', '<', '!=']), value: smallNumber(rng) };
  if (rng.chance(0.6)) q.limit = 1 + rng.int(3);
  const writes = Array.from({ length: 1 + rng.int(3) }, (): WriteOp =>
    rng.chance(0.8)
      ? { op: 'update', path: rng.pick(TOP_DOCS), pairs: [[{ dotted: 'b' }, smallNumber(rng)]] }
      : writeOp(rng, rng.pick(TOP_DOCS)),
  );
  return { op: 'listen', q, writes };
}

/** One random operation; the mix favours writes and queries, as they carry most behaviour. */
export function operation(rng: Random): Op {
  const roll = rng.next();
  if (roll < 0.34) return writeOp(rng);
  if (roll < 0.38)
    return { op: 'batch', writes: Array.from({ length: 2 + rng.int(3) }, () => writeOp(rng)) };
  if (roll < 0.47) return { op: 'get', path: rng.pick(DOCS) };
  if (roll < 0.5) return { op: 'rawSet', path: rng.pick(DOCS), fields: rawFields(rng) };
  if (roll < 0.55) return { op: 'rawGet', path: rng.pick(DOCS) };
  if (roll < 0.8) return { op: 'query', q: querySpec(rng) };
  if (roll < 0.88)
    return {
      op: 'aggregate',
      q: querySpec(rng),
      ...(rng.chance(0.7) ? { sum: rng.pick(['a', 'b', 'm.x']) } : {}),
      ...(rng.chance(0.7) ? { avg: rng.pick(['a', 'b', 'm.x']) } : {}),
    };
  if (roll < 0.96)
    return {
      op: 'transaction',
      reads: rng.sample(DOCS, 1 + rng.int(2)),
      writes: Array.from({ length: 1 + rng.int(2) }, () => writeOp(rng)),
    };
  // Contended transactions retry with the SDK's back-off (seconds): few of them.
  if (roll < 0.963) return { op: 'contention', path: rng.pick(TOP_DOCS), clients: 2 + rng.int(2) };
  return listenOp(rng);
}

/** An episode: documents created first, then random operations on them. */
export function episode(rng: Random, size: number): Op[] {
  const ops: Op[] = DOCS.filter(() => rng.chance(0.7)).map((path): Op => ({
    op: 'set',
    path,
    data: documentData(rng),
  }));
  while (ops.length < size) ops.push(operation(rng));
  return ops.slice(0, size);
}
