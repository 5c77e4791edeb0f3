import {
  EvalError,
  bool,
  invalidDuration,
  duration,
  equals,
  listContains,
  setContains,
  unchanged,
  float,
  int,
  isNumber,
  list,
  toDouble,
  str,
  timestamp,
  typeName,
  unique,
  type RValue,
} from './values';
import { INT64_MAX, INT64_MIN } from '../values/values';
import { javaTrim, longOfDouble, parseJavaDouble, parseJavaLong, roundToLong } from './numbers';
import { fullMatch, replaceAll, split } from './regex';
import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import { crc32c } from '../common/crc32c';

type Method = (self: RValue, args: RValue[]) => RValue;

const NS_PER_MS = 1_000_000n;
const NS_PER_S = 1_000_000_000n;

function noMethod(self: RValue, name: string): never {
  throw new EvalError(`Function not found error: Name: [${name}] on type ${typeName(self)}.`);
}

function arity(name: string, args: RValue[], min: number, max = min): void {
  if (args.length < min || args.length > max) {
    throw new EvalError(`Function [${name}] called with ${args.length} arguments.`);
  }
}

function asString(v: RValue | undefined, what: string): string {
  if (v?.k !== 'string') throw new EvalError(`${what} must be a string.`);
  return v.v;
}

function asInt(v: RValue | undefined, what: string): bigint {
  if (v?.k !== 'int') throw new EvalError(`${what} must be an int.`);
  return v.v;
}

function elementsOf(v: RValue | undefined, what: string): RValue[] {
  if (v?.k === 'list' || v?.k === 'set') return v.v;
  throw new EvalError(`${what} must be a list or set.`);
}

const STRING_METHODS: Record<string, Method> = {
  // Strings are Java strings in Google's engine: sizes and indexes count UTF-16 units
  // ('é😀'.size() is 3), measured against Google's emulator.
  size: (s, a) => (arity('size', a, 0), int(strOf(s).length)),
  matches: (s, a) => (arity('matches', a, 1), bool(fullMatch(asString(a[0], 'pattern'), strOf(s)))),
  // Google's emulator changes the case of ASCII letters only ('ÉA'.lower() is 'Éa', 'ß'.upper()
  // is 'ß', 'İ'.lower() is 'İ'): measured by the product rules suite's searchName cases, which run
  // on both backends, and against Google's emulator.
  lower: (s, a) => (
    arity('lower', a, 0),
    str(strOf(s).replace(/[A-Z]+/g, (letters) => letters.toLowerCase()))
  ),
  upper: (s, a) => (
    arity('upper', a, 0),
    str(strOf(s).replace(/[a-z]+/g, (letters) => letters.toUpperCase()))
  ),
  trim: (s, a) => (arity('trim', a, 0), str(javaTrim(strOf(s)))),
  split: (s, a) => (
    arity('split', a, 1),
    list(split(strOf(s), asString(a[0], 'separator')).map(str))
  ),
  replace: (s, a) => {
    arity('replace', a, 2);
    return str(replaceAll(strOf(s), asString(a[0], 'pattern'), asString(a[1], 'replacement')));
  },
  toUtf8: (s, a) => (
    arity('toUtf8', a, 0),
    { k: 'bytes', v: new Uint8Array(Buffer.from(strOf(s), 'utf8')) }
  ),
};

function strOf(v: RValue): string {
  return (v as { v: string }).v;
}

type Contains = (items: RValue[], value: RValue) => boolean;

/** A list's methods take lists only ("Received: list.hasAny(set). Expected: list.hasAny(list)."). */
function listArg(method: string, v: RValue | undefined): RValue[] {
  if (v?.k === 'list') return v.v;
  throw new EvalError(
    `Unsupported operation error. Received: list.${method}(${v ? typeName(v) : 'nothing'}). ` +
      `Expected: list.${method}(list).`,
  );
}

const hasAll = (self: RValue[], others: RValue[], contains: Contains) =>
  bool(others.every((x) => contains(self, x)));
const hasAny = (self: RValue[], others: RValue[], contains: Contains) =>
  bool(others.some((x) => contains(self, x)));
const hasOnly = (self: RValue[], allowed: RValue[], contains: Contains) =>
  bool(self.every((x) => contains(allowed, x)));

const LIST_METHODS: Record<string, Method> = {
  size: (s, a) => (arity('size', a, 0), int(itemsOf(s).length)),
  hasAll: (s, a) => (
    arity('hasAll', a, 1),
    hasAll(itemsOf(s), listArg('hasAll', a[0]), listContains)
  ),
  hasAny: (s, a) => (
    arity('hasAny', a, 1),
    hasAny(itemsOf(s), listArg('hasAny', a[0]), listContains)
  ),
  hasOnly: (s, a) => (
    arity('hasOnly', a, 1),
    hasOnly(itemsOf(s), listArg('hasOnly', a[0]), listContains)
  ),
  join: (s, a) => {
    arity('join', a, 1);
    const sep = asString(a[0], 'separator');
    // Elements that are not strings join as string() writes them ([1, true] gives '1-true').
    return str(
      itemsOf(s)
        .map((x) => strOf(toStringValue(x)))
        .join(sep),
    );
  },
  concat: (s, a) => (arity('concat', a, 1), list([...itemsOf(s), ...listArg('concat', a[0])])),
  removeAll: (s, a) => {
    arity('removeAll', a, 1);
    const remove = listArg('removeAll', a[0]);
    return list(itemsOf(s).filter((x) => !listContains(remove, x)));
  },
  toSet: (s, a) => (arity('toSet', a, 0), { k: 'set', v: unique(itemsOf(s)) }),
};

const SET_METHODS: Record<string, Method> = {
  size: (s, a) => (arity('size', a, 0), int(itemsOf(s).length)),
  hasAll: (s, a) => (
    arity('hasAll', a, 1),
    hasAll(itemsOf(s), elementsOf(a[0], 'argument'), setContains)
  ),
  hasAny: (s, a) => (
    arity('hasAny', a, 1),
    hasAny(itemsOf(s), elementsOf(a[0], 'argument'), setContains)
  ),
  hasOnly: (s, a) => (
    arity('hasOnly', a, 1),
    hasOnly(itemsOf(s), elementsOf(a[0], 'argument'), setContains)
  ),
  difference: (s, a) => {
    arity('difference', a, 1);
    const other = setArg(a[0]);
    return { k: 'set', v: itemsOf(s).filter((x) => !setContains(other, x)) };
  },
  intersection: (s, a) => {
    arity('intersection', a, 1);
    const other = setArg(a[0]);
    return { k: 'set', v: itemsOf(s).filter((x) => setContains(other, x)) };
  },
  union: (s, a) => (
    arity('union', a, 1),
    { k: 'set', v: unique([...itemsOf(s), ...setArg(a[0])]) }
  ),
};

function setArg(v: RValue | undefined): RValue[] {
  if (v?.k !== 'set') throw new EvalError('Argument must be a set.');
  return v.v;
}

function itemsOf(v: RValue): RValue[] {
  return (v as { v: RValue[] }).v;
}

function entriesOf(v: RValue): Map<string, RValue> {
  return (v as { v: Map<string, RValue> }).v;
}

const MAP_METHODS: Record<string, Method> = {
  keys: (s, a) => (arity('keys', a, 0), list([...entriesOf(s).keys()].map(str))),
  values: (s, a) => (arity('values', a, 0), list([...entriesOf(s).values()])),
  size: (s, a) => (arity('size', a, 0), int(entriesOf(s).size)),
  get: (s, a) => {
    arity('get', a, 2);
    const key = a[0]!;
    const keys = key.k === 'list' ? key.v.map((k) => asString(k, 'key')) : [asString(key, 'key')];
    let current: RValue = s;
    for (const k of keys) {
      if (current.k !== 'map') return a[1]!;
      const next = current.v.get(k);
      if (next === undefined) return a[1]!;
      current = next;
    }
    return current;
  },
  diff: (s, a) => {
    arity('diff', a, 1);
    if (a[0]!.k !== 'map') throw new EvalError('Argument of diff() must be a map.');
    return { k: 'mapdiff', left: entriesOf(s), right: a[0]!.v };
  },
};

function keySet(keys: Iterable<string>): RValue {
  return { k: 'set', v: [...keys].map(str) };
}

const MAPDIFF_METHODS: Record<string, Method> = {
  addedKeys: (s, a) => {
    arity('addedKeys', a, 0);
    const { left, right } = s as Extract<RValue, { k: 'mapdiff' }>;
    return keySet([...right.keys()].filter((k) => !left.has(k)));
  },
  removedKeys: (s, a) => {
    arity('removedKeys', a, 0);
    const { left, right } = s as Extract<RValue, { k: 'mapdiff' }>;
    return keySet([...left.keys()].filter((k) => !right.has(k)));
  },
  changedKeys: (s, a) => {
    arity('changedKeys', a, 0);
    const { left, right } = s as Extract<RValue, { k: 'mapdiff' }>;
    return keySet(
      [...left.keys()].filter((k) => right.has(k) && !unchanged(left.get(k)!, right.get(k)!)),
    );
  },
  unchangedKeys: (s, a) => {
    arity('unchangedKeys', a, 0);
    const { left, right } = s as Extract<RValue, { k: 'mapdiff' }>;
    return keySet(
      [...left.keys()].filter((k) => right.has(k) && unchanged(left.get(k)!, right.get(k)!)),
    );
  },
  affectedKeys: (s, a) => {
    arity('affectedKeys', a, 0);
    const { left, right } = s as Extract<RValue, { k: 'mapdiff' }>;
    const keys = new Set<string>();
    for (const k of left.keys())
      if (!right.has(k) || !unchanged(left.get(k)!, right.get(k)!)) keys.add(k);
    for (const k of right.keys()) if (!left.has(k)) keys.add(k);
    return keySet(keys);
  },
};

function civil(ns: bigint): Date {
  return new Date(Number((ns - (((ns % NS_PER_MS) + NS_PER_MS) % NS_PER_MS)) / NS_PER_MS));
}

function nsOf(v: RValue): bigint {
  return (v as { ns: bigint }).ns;
}

function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q;
}

const TIMESTAMP_METHODS: Record<string, Method> = {
  toMillis: (s, a) => (arity('toMillis', a, 0), int(floorDiv(nsOf(s), NS_PER_MS))),
  // Of the minute (0-59), as documented and as Google's engine gives it, not since the epoch.
  seconds: (s, a) => (arity('seconds', a, 0), int(civil(nsOf(s)).getUTCSeconds())),
  nanos: (s, a) => (arity('nanos', a, 0), int(nsOf(s) - floorDiv(nsOf(s), NS_PER_S) * NS_PER_S)),
  year: (s, a) => (arity('year', a, 0), int(civil(nsOf(s)).getUTCFullYear())),
  month: (s, a) => (arity('month', a, 0), int(civil(nsOf(s)).getUTCMonth() + 1)),
  day: (s, a) => (arity('day', a, 0), int(civil(nsOf(s)).getUTCDate())),
  hours: (s, a) => (arity('hours', a, 0), int(civil(nsOf(s)).getUTCHours())),
  minutes: (s, a) => (arity('minutes', a, 0), int(civil(nsOf(s)).getUTCMinutes())),
  dayOfWeek: (s, a) => (arity('dayOfWeek', a, 0), int(civil(nsOf(s)).getUTCDay() || 7)),
  dayOfYear: (s, a) => {
    arity('dayOfYear', a, 0);
    const d = civil(nsOf(s));
    return int(Math.floor((d.getTime() - Date.UTC(d.getUTCFullYear(), 0, 1)) / 86_400_000) + 1);
  },
  date: (s, a) => {
    arity('date', a, 0);
    const d = civil(nsOf(s));
    const ms = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
    return { k: 'timestamp', ns: BigInt(ms) * NS_PER_MS };
  },
  time: (s, a) => {
    arity('time', a, 0);
    const ns = nsOf(s);
    return { k: 'duration', ns: ns - floorDiv(ns, 86_400n * NS_PER_S) * 86_400n * NS_PER_S };
  },
};

const DURATION_METHODS: Record<string, Method> = {
  seconds: (s, a) => (arity('seconds', a, 0), int(nsOf(s) / NS_PER_S)),
  nanos: (s, a) => (arity('nanos', a, 0), int(nsOf(s) % NS_PER_S)),
};

const BYTES_METHODS: Record<string, Method> = {
  size: (s, a) => (arity('size', a, 0), int((s as { v: Uint8Array }).v.length)),
  toBase64: (s, a) => (
    arity('toBase64', a, 0),
    str(Buffer.from((s as { v: Uint8Array }).v).toString('base64'))
  ),
  toHexString: (s, a) => (
    arity('toHexString', a, 0),
    str(
      Buffer.from((s as { v: Uint8Array }).v)
        .toString('hex')
        .toUpperCase(),
    )
  ),
};

const LATLNG_METHODS: Record<string, Method> = {
  latitude: (s, a) => (arity('latitude', a, 0), float((s as { lat: number }).lat)),
  longitude: (s, a) => (arity('longitude', a, 0), float((s as { lng: number }).lng)),
  distance: (s, a) => {
    arity('distance', a, 1);
    const p = s as { lat: number; lng: number };
    const q = a[0];
    if (q?.k !== 'latlng') throw new EvalError('Argument of distance() must be a latlng.');
    const rad = Math.PI / 180;
    const h =
      Math.sin(((q.lat - p.lat) * rad) / 2) ** 2 +
      Math.cos(p.lat * rad) * Math.cos(q.lat * rad) * Math.sin(((q.lng - p.lng) * rad) / 2) ** 2;
    return float(2 * 6_371_000 * Math.asin(Math.sqrt(h)));
  },
};

const BY_TYPE: Partial<Record<RValue['k'], Record<string, Method>>> = {
  string: STRING_METHODS,
  list: LIST_METHODS,
  set: SET_METHODS,
  map: MAP_METHODS,
  mapdiff: MAPDIFF_METHODS,
  timestamp: TIMESTAMP_METHODS,
  duration: DURATION_METHODS,
  bytes: BYTES_METHODS,
  latlng: LATLNG_METHODS,
};

/** Every method name some type has: a call of any other name is refused when rules load. */
export const KNOWN_METHODS: ReadonlySet<string> = new Set(
  Object.values(BY_TYPE).flatMap((methods) => Object.keys(methods ?? {})),
);

export function callMethod(self: RValue, name: string, args: RValue[]): RValue {
  if (self.k === 'null') throw new EvalError('Null value error.');
  const method = BY_TYPE[self.k]?.[name];
  if (!method || !Object.prototype.hasOwnProperty.call(BY_TYPE[self.k], name)) {
    return noMethod(self, name);
  }
  return method(self, args);
}

// ---- namespace functions: math.*, timestamp.*, duration.*, latlng.* ----

/** A number argument as a double: the math functions but `abs` take doubles, as Java's do. */
function num(v: RValue | undefined): number {
  if (!v || !isNumber(v)) throw new EvalError('Argument must be a number.');
  return toDouble(v);
}

const UNIT_NS: Record<string, bigint> = {
  w: 7n * 86_400n * NS_PER_S,
  d: 86_400n * NS_PER_S,
  h: 3_600n * NS_PER_S,
  m: 60n * NS_PER_S,
  s: NS_PER_S,
  ms: NS_PER_MS,
  ns: 1n,
};

export const NAMESPACES: Record<
  string,
  Record<string, { arity: [number, number]; fn: (a: RValue[]) => RValue }>
> = {
  math: {
    abs: {
      arity: [1, 1],
      // Of an int, Java's Math.abs(long): -2^63 stays -2^63 (measured against Google's engine).
      fn: (a) => {
        const x = a[0]!;
        if (x.k !== 'int') return float(Math.abs(num(x)));
        return { k: 'int', v: BigInt.asIntN(64, x.v < 0n ? -x.v : x.v) };
      },
    },
    // Ints, as documented for production (https://firebase.google.com/docs/reference/rules/
    // rules.math); Google's emulator gives floats (expected difference `rules-math-ceil-floor-
    // type`). Beyond the int64 range, the nearest limit, as `int()` of a float.
    ceil: { arity: [1, 1], fn: (a) => int(longOfDouble(Math.ceil(num(a[0])))) },
    floor: { arity: [1, 1], fn: (a) => int(longOfDouble(Math.floor(num(a[0])))) },
    round: { arity: [1, 1], fn: (a) => int(roundToLong(num(a[0]))) },
    sqrt: { arity: [1, 1], fn: (a) => float(Math.sqrt(num(a[0]))) },
    pow: { arity: [2, 2], fn: (a) => float(Math.pow(num(a[0]), num(a[1]))) },
    // Documented for production (rules.math); missing in Google's emulator (expected difference
    // `rules-math-isinfinite-missing`).
    isInfinite: { arity: [1, 1], fn: (a) => bool(Math.abs(num(a[0])) === Infinity) },
    isNaN: { arity: [1, 1], fn: (a) => bool(Number.isNaN(num(a[0]))) },
  },
  timestamp: {
    date: {
      arity: [3, 3],
      fn: (a) => {
        const [year, month, day] = [a[0], a[1], a[2]].map((v, i) =>
          Number(asInt(v, ['year', 'month', 'day'][i]!)),
        ) as [number, number, number];
        return { k: 'timestamp', ns: BigInt(utcDateMillis(year, month, day)) * NS_PER_MS };
      },
    },
    value: {
      arity: [1, 1],
      fn: (a) => timestamp(asInt(a[0], 'epochMillis') * NS_PER_MS),
    },
  },
  duration: {
    value: {
      arity: [2, 2],
      fn: (a) => {
        const name = asString(a[1], 'unit');
        const unit = UNIT_NS[name];
        if (unit === undefined) throw new EvalError('Unknown duration unit.');
        const ns = asInt(a[0], 'magnitude') * unit;
        // Google's engine turns milliseconds into int64 nanoseconds first, so more than 2^63 ns
        // of them is invalid there while as many seconds is not (measured).
        if (name === 'ms' && (ns < INT64_MIN || ns > INT64_MAX)) throw invalidDuration();
        return duration(ns);
      },
    },
    time: {
      arity: [4, 4],
      fn: (a) => ({
        k: 'duration',
        ns:
          asInt(a[0], 'hours') * UNIT_NS.h! +
          asInt(a[1], 'minutes') * UNIT_NS.m! +
          asInt(a[2], 'seconds') * NS_PER_S +
          asInt(a[3], 'nanos'),
      }),
    },
    abs: {
      arity: [1, 1],
      fn: (a) => {
        if (a[0]?.k !== 'duration') throw new EvalError('Argument must be a duration.');
        return { k: 'duration', ns: a[0].ns < 0n ? -a[0].ns : a[0].ns };
      },
    },
  },
  latlng: {
    value: {
      arity: [2, 2],
      fn: (a) => {
        const [lat, lng] = [num(a[0]), num(a[1])];
        if (!(Math.abs(lat) <= 90 && Math.abs(lng) <= 180)) {
          throw new EvalError(
            'Latitude should be in [-90,90] range and longitude should be in [-180,180] range. ' +
              `latitude: ${javaDouble(lat)}, longitude: ${javaDouble(lng)}.`,
          );
        }
        return { k: 'latlng', lat, lng };
      },
    },
  },
  hashing: {
    crc32: hashFunction('crc32', (data) => littleEndian(zlib.crc32(data))),
    crc32c: hashFunction('crc32c', (data) => littleEndian(crc32c(data))),
    md5: hashFunction('md5', (data) => createHash('md5').update(data).digest()),
    sha256: hashFunction('sha256', (data) => createHash('sha256').update(data).digest()),
  },
};

/** A CRC as Google's engine gives it: four bytes, least significant first. */
function littleEndian(value: number): Uint8Array {
  const out = Buffer.alloc(4);
  out.writeUInt32LE(value);
  return out;
}

/** `hashing.<name>(string | bytes)`: the digest of the bytes (a string's UTF-8). */
function hashFunction(
  name: string,
  digest: (data: Uint8Array) => Uint8Array,
): { arity: [number, number]; fn: (a: RValue[]) => RValue } {
  return {
    arity: [1, 1],
    fn: (a) => {
      const arg = a[0]!;
      if (arg.k !== 'string' && arg.k !== 'bytes') {
        throw new EvalError(
          `Unsupported operation error. Received: hashing.${name}(${typeName(arg)}). Expected: ` +
            `hashing.${name}(bytes), hashing.${name}(string).`,
        );
      }
      const data = arg.k === 'string' ? Buffer.from(arg.v, 'utf8') : arg.v;
      return { k: 'bytes', v: new Uint8Array(digest(data)) };
    },
  };
}

/**
 * Midnight UTC of a calendar date, refused as Google's engine refuses it (no rolling over, as a
 * JavaScript Date would: month 13 is an error, not January of the next year).
 */
function utcDateMillis(year: number, month: number, day: number): number {
  if (year < 1 || year > 9999) {
    throw new EvalError(
      'Timestamp should be between 0001-01-01T00.00.00Z and 9999-12-31T23.59.59Z. ' +
        `year: ${year}.`,
    );
  }
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  if (
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day
  ) {
    throw new EvalError(`Date is not valid. year: ${year}, month: ${month} day: ${day}.`);
  }
  return date.getTime();
}

function conversionError(text: string, to: 'int' | 'float'): EvalError {
  return new EvalError(
    `Type conversion error. Argument: [${text}], From type: [string], To type: [${to}].`,
  );
}

export function toInt(v: RValue): RValue {
  if (v.k === 'int') return v;
  if (v.k === 'float') return int(longOfDouble(v.v));
  if (v.k === 'string') {
    const value = parseJavaLong(v.v);
    if (value === null) throw conversionError(v.v, 'int');
    return int(value);
  }
  throw new EvalError(`Cannot convert ${typeName(v)} to int.`);
}

export function toFloat(v: RValue): RValue {
  if (isNumber(v)) return float(toDouble(v));
  if (v.k === 'string') {
    const value = parseJavaDouble(v.v);
    if (value === null) throw conversionError(v.v, 'float');
    return float(value);
  }
  throw new EvalError(`Cannot convert ${typeName(v)} to float.`);
}

/**
 * A double as Java's Double.toString writes it, as Google's `string()` does: '-0.0', '1.0E7',
 * '1.0E-4', '2.5', 'Infinity'.
 */
function javaDouble(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  if (value === 0) return Object.is(value, -0) ? '-0.0' : '0.0';
  const magnitude = Math.abs(value);
  if (magnitude >= 1e-3 && magnitude < 1e7) {
    const text = String(value);
    return text.includes('.') ? text : `${text}.0`;
  }
  const [mantissa, exponent] = value.toExponential().split('e') as [string, string];
  return `${mantissa.includes('.') ? mantissa : `${mantissa}.0`}E${Number(exponent)}`;
}

export function toStringValue(v: RValue): RValue {
  switch (v.k) {
    case 'string':
      return v;
    case 'null':
      return str('null');
    case 'bool':
      return str(String(v.v));
    case 'int':
      return str(String(v.v));
    case 'float':
      return str(javaDouble(v.v));
    case 'path':
      return str('/' + v.segments.join('/'));
    default:
      throw new EvalError(`Cannot convert ${typeName(v)} to string.`);
  }
}

export { equals };
