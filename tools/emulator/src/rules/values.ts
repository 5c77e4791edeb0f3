import type { Value as WireValue, Fields } from '../values/types';
import { INT64_MAX, INT64_MIN } from '../values/values';

/**
 * Runtime values of the rules language. Integers and floats are distinct types (as in the
 * official evaluator); integers are 64-bit signed (bigint, always within the int64 range), as
 * Google's engine takes them; timestamps and durations are whole nanoseconds.
 */
export type RValue =
  | { k: 'null' }
  | { k: 'bool'; v: boolean }
  | { k: 'int'; v: bigint }
  | { k: 'float'; v: number }
  | { k: 'string'; v: string }
  | { k: 'bytes'; v: Uint8Array }
  | { k: 'timestamp'; ns: bigint }
  | { k: 'duration'; ns: bigint }
  | { k: 'latlng'; lat: number; lng: number }
  | { k: 'path'; segments: string[] }
  | { k: 'list'; v: RValue[] }
  | { k: 'set'; v: RValue[] }
  | { k: 'map'; v: Map<string, RValue> }
  | { k: 'mapdiff'; left: Map<string, RValue>; right: Map<string, RValue> };

/** An evaluation error: the condition is not `true`, and the message is reported. */
export class EvalError extends Error {}

export const NULL: RValue = { k: 'null' };
export const TRUE: RValue = { k: 'bool', v: true };
export const FALSE: RValue = { k: 'bool', v: false };
export const bool = (v: boolean): RValue => (v ? TRUE : FALSE);
export const str = (v: string): RValue => ({ k: 'string', v });

/**
 * An integer result: outside the int64 range it is the error Google's engine gives for `+`, `-`,
 * `*` and unary `-` (its division and `math.abs` wrap instead, see operators.ts).
 */
export function int(v: bigint | number): RValue {
  if (typeof v === 'number' && !Number.isFinite(v)) throw new EvalError(`${v} is not an integer.`);
  // A JavaScript number here is a size or a count (or a client's query limit): whole part.
  const value = typeof v === 'bigint' ? v : BigInt(Math.trunc(v));
  if (value < INT64_MIN || value > INT64_MAX) {
    throw new EvalError(`Integer value is out of the [${INT64_MIN}, ${INT64_MAX}] range.`);
  }
  return { k: 'int', v: value };
}
export const float = (v: number): RValue => ({ k: 'float', v });

const NS_PER_S = 1_000_000_000n;
/** 0001-01-01T00:00:00Z and 9999-12-31T23:59:59Z, in seconds since the epoch. */
const TIMESTAMP_SECONDS = [-62_135_596_800n, 253_402_300_799n] as const;
/** Ten thousand years, in seconds: the range of protobuf's Duration. */
const DURATION_SECONDS = 315_576_000_000n;

/**
 * A timestamp made by `timestamp.value()` or by adding a duration: outside the years 1-9999 it is
 * the error Google's engine gives (measured: `timestamp.value(253402300800000)` fails).
 */
export function timestamp(ns: bigint): RValue {
  const q = ns / NS_PER_S;
  const seconds = ns < 0n && q * NS_PER_S !== ns ? q - 1n : q;
  if (seconds < TIMESTAMP_SECONDS[0] || seconds > TIMESTAMP_SECONDS[1]) {
    throw new EvalError(
      'Timestamp is not valid. Seconds must be in range [-62,135,596,800, +253,402,300,799]. ' +
        'Nanos must be in range [0, +999,999,999].',
    );
  }
  return { k: 'timestamp', ns };
}

export function invalidDuration(): EvalError {
  return new EvalError(
    'Duration is not valid. Seconds must be in range [-315,576,000,000, +315,576,000,000]. ' +
      'Nanos must be in range [-999,999,999, +999,999,999]. Nanos must have the same sign as ' +
      'seconds.',
  );
}

/**
 * A duration made by `duration.value()` or by adding durations: beyond ±10,000 years it is the
 * error Google's engine gives.
 */
export function duration(ns: bigint): RValue {
  const seconds = ns / NS_PER_S;
  if (seconds < -DURATION_SECONDS || seconds > DURATION_SECONDS) throw invalidDuration();
  return { k: 'duration', ns };
}
export const list = (v: RValue[]): RValue => ({ k: 'list', v });
export const map = (entries: Record<string, RValue>): RValue => ({
  k: 'map',
  v: new Map(Object.entries(entries)),
});

export function typeName(value: RValue): string {
  switch (value.k) {
    case 'mapdiff':
      return 'map_diff';
    case 'bool':
      return 'bool';
    default:
      return value.k;
  }
}

export type NumberValue = { k: 'int'; v: bigint } | { k: 'float'; v: number };

export function isNumber(value: RValue): value is NumberValue {
  return value.k === 'int' || value.k === 'float';
}

/** A number as a double: an int rounds to the nearest double, as Java's `(double) long` does. */
export function toDouble(value: NumberValue): number {
  return value.k === 'int' ? Number(value.v) : value.v;
}

/**
 * How two numbers compare in each of the language's equalities, as measured against Google's
 * engine: `1 == 1.0` and `-0.0 == 0.0` hold, but `1.0 in [1]`, `[1] == [1.0]` and
 * `[0.0] == [-0.0]` do not, while sets and map diffs treat 1, 1.0 and NaN, NaN as the same.
 * An int beside a float is compared as a double by `==` (`9007199254740993 == 9007199254740992.0`
 * holds) but by its exact value in sets and map diffs (there it does not).
 */
type NumberEquality = (a: NumberValue, b: NumberValue) => boolean;
/** `==` on two numbers. */
const numeric: NumberEquality = (a, b) =>
  a.k === 'int' && b.k === 'int' ? a.v === b.v : toDouble(a) === toDouble(b);
/** An element of a list against the value `in` looks for: int and float differ. */
const typed: NumberEquality = (a, b) => a.k === b.k && a.v === b.v;
/** Numbers inside lists and maps compared with `==`: the type and the sign of zero count. */
const exact: NumberEquality = (a, b) => a.k === b.k && a.v === b.v && Object.is(a.v, b.v);
/** Set elements and map diffs: by exact value, NaN the same as NaN. */
const byValue: NumberEquality = (a, b) => {
  if (a.k === 'float' && b.k === 'float') {
    return a.v === b.v || (Number.isNaN(a.v) && Number.isNaN(b.v));
  }
  if (a.k === 'int' && b.k === 'int') return a.v === b.v;
  const [whole, fraction] = a.k === 'int' ? [a.v, b.v as number] : [b.v as bigint, a.v];
  return Number.isInteger(fraction) && BigInt(fraction) === whole;
};

function sameValue(a: RValue, b: RValue, top: NumberEquality, nested: NumberEquality): boolean {
  if (isNumber(a) && isNumber(b)) return top(a, b);
  if (a.k !== b.k) return false;
  switch (a.k) {
    case 'null':
      return true;
    case 'bool':
    case 'string':
      return a.v === (b as typeof a).v;
    case 'bytes': {
      const other = (b as typeof a).v;
      return a.v.length === other.length && a.v.every((x, i) => x === other[i]);
    }
    case 'timestamp':
    case 'duration':
      return a.ns === (b as typeof a).ns;
    case 'latlng':
      return a.lat === (b as typeof a).lat && a.lng === (b as typeof a).lng;
    case 'path': {
      const other = (b as typeof a).segments;
      return a.segments.length === other.length && a.segments.every((x, i) => x === other[i]);
    }
    case 'list': {
      const other = (b as typeof a).v;
      return (
        a.v.length === other.length && a.v.every((x, i) => sameValue(x, other[i]!, nested, nested))
      );
    }
    case 'set': {
      const other = (b as typeof a).v;
      return a.v.length === other.length && a.v.every((x) => setContains(other, x));
    }
    case 'map': {
      const other = (b as typeof a).v;
      if (a.v.size !== other.size) return false;
      for (const [key, value] of a.v) {
        const o = other.get(key);
        if (o === undefined || !sameValue(value, o, nested, nested)) return false;
      }
      return true;
    }
    case 'mapdiff':
      return false;
    default:
      return false;
  }
}

/** The `==` operator. */
export function equals(a: RValue, b: RValue): boolean {
  return sameValue(a, b, numeric, exact);
}

/** Whether a map diff counts a key's two values as unchanged. */
export function unchanged(a: RValue, b: RValue): boolean {
  return sameValue(a, b, byValue, byValue);
}

/** `value in list` and the list methods (`hasAny`, `removeAll`, ...). */
export function listContains(items: RValue[], value: RValue): boolean {
  return items.some((item) => sameValue(item, value, typed, exact));
}

/** `value in set` and the set methods; also what `toSet()` and `union()` keep once. */
export function setContains(items: RValue[], value: RValue): boolean {
  return items.some((item) => sameValue(item, value, byValue, byValue));
}

export function unique(items: RValue[]): RValue[] {
  const out: RValue[] = [];
  for (const item of items) if (!setContains(out, item)) out.push(item);
  return out;
}

// ---- conversion from Firestore wire values ----

export function parseTimestamp(text: string): bigint {
  const m = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:\d{2})$/i.exec(
    text,
  );
  if (!m) throw new EvalError(`Invalid timestamp '${text}'.`);
  const seconds = Math.floor(Date.parse(`${m[1]}${m[3]}`) / 1000);
  if (Number.isNaN(seconds)) throw new EvalError(`Invalid timestamp '${text}'.`);
  const nanos = BigInt((m[2] ?? '').padEnd(9, '0') || '0');
  return BigInt(seconds) * NS_PER_S + nanos;
}

/** A Date (millisecond precision) or an RFC 3339 string (up to nanoseconds) as a timestamp. */
export function timestampFromDate(date: Date | string): RValue {
  if (typeof date === 'string') return { k: 'timestamp', ns: parseTimestamp(date) };
  return { k: 'timestamp', ns: BigInt(date.getTime()) * 1_000_000n };
}

export function fromWire(value: WireValue): RValue {
  if ('nullValue' in value) return NULL;
  if ('booleanValue' in value) return bool(value.booleanValue);
  // A decimal string on the wire: exact across the int64 range.
  if ('integerValue' in value) return { k: 'int', v: BigInt(value.integerValue) };
  if ('doubleValue' in value) return float(Number(value.doubleValue));
  if ('stringValue' in value) return str(value.stringValue);
  if ('timestampValue' in value) {
    const t = value.timestampValue;
    if (typeof t === 'string') return { k: 'timestamp', ns: parseTimestamp(t) };
    return {
      k: 'timestamp',
      ns: BigInt(t.seconds ?? 0) * NS_PER_S + BigInt(t.nanos ?? 0),
    };
  }
  if ('bytesValue' in value)
    return { k: 'bytes', v: new Uint8Array(Buffer.from(value.bytesValue, 'base64')) };
  if ('referenceValue' in value) return pathFromName(value.referenceValue);
  if ('geoPointValue' in value) {
    return {
      k: 'latlng',
      lat: value.geoPointValue.latitude ?? 0,
      lng: value.geoPointValue.longitude ?? 0,
    };
  }
  if ('arrayValue' in value) return list((value.arrayValue.values ?? []).map(fromWire));
  if ('mapValue' in value) return fromFields(value.mapValue.fields ?? {});
  throw new EvalError('Unknown value type.');
}

export function fromFields(fields: Fields): RValue {
  const out = new Map<string, RValue>();
  for (const [key, value] of Object.entries(fields)) out.set(key, fromWire(value));
  return { k: 'map', v: out };
}

/** `projects/p/databases/(default)/documents/a/b` becomes the path `/databases/(default)/documents/a/b`. */
export function pathFromName(name: string): RValue {
  const segments = name.split('/').filter((s) => s !== '');
  const at = segments.indexOf('databases');
  return { k: 'path', segments: at >= 0 ? segments.slice(at) : segments };
}

export function pathToString(segments: string[]): string {
  return '/' + segments.join('/');
}

export function show(value: RValue): string {
  switch (value.k) {
    case 'null':
      return 'null';
    case 'string':
      return JSON.stringify(value.v);
    case 'bool':
    case 'int':
    case 'float':
      return String(value.v);
    case 'path':
      return pathToString(value.segments);
    case 'list':
    case 'set':
      return `[${value.v.map(show).join(', ')}]`;
    case 'map':
      return `{${[...value.v].map(([k, v]) => `${k}: ${show(v)}`).join(', ')}}`;
    case 'timestamp':
      return new Date(Number(value.ns / 1_000_000n)).toISOString();
    case 'duration':
      return `${value.ns}ns`;
    default:
      return value.k;
  }
}
